/**
 * `npm run bench`: issue 7's benchmark in one command. Builds one dataset on the real
 * PostgreSQL (a throw-away database), starts the app in its own process on a free port,
 * runs every scenario (HTTP load with autocannon against an SQL baseline at the same
 * concurrency; the billing run and the import timed once), measures the web app, prints the
 * tables and writes bench/RESULTS.md. bench/README.md lists the scenarios and the settings.
 *
 *   npm run bench                                   full size (minutes)
 *   BENCH_SCALE=0.02 npm run bench                  a small development run
 *   npm run bench -- student-list debtors web       only these (printed, RESULTS.md left alone)
 */
import { rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { buildDataset, type Dataset } from './dataset/index.js';
import { LIGHTHOUSE_TARGETS, measureLighthouse } from './lighthouse.js';
import { httpLoad, sqlLoad, sqlProbe } from './load.js';
import {
  comparisonTable,
  datasetSection,
  failureNotes,
  type LoadRow,
  lighthouseTable,
  loadTable,
  type Machine,
  machineLine,
  machineOf,
  timedTable,
  usableTable,
  type WebFigures,
  webTable,
} from './report.js';
import { SCENARIOS } from './scenarios/index.js';
import type { Actor, LoadScenario, TimedResult } from './scenarios/types.js';
import { type AppServer, httpCall, logIn, POOL_SIZE, startAppServer, withBenchDatabase } from './support.js';
import { measureInBrowser, USABLE_BUDGET_MS } from './web-browser.js';
import { buildWeb, LOGIN_JS_BUDGET_KB, pageSizes } from './web-sizes.js';

const RESULTS = new URL('./RESULTS.md', import.meta.url);
const only = process.argv.slice(2);
const unknown = only.filter((name) => name !== 'web' && !(name in SCENARIOS));
if (unknown.length)
  throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}, web`);
const wanted = (name: string) => !only.length || only.includes(name);
const billing100k = process.env.BENCH_BILLING_100K === '1';
/** Another checkout (a `git worktree` of an older commit, with its own `npm install`): its app runs each load scenario first. */
const baseline = process.env.BENCH_BASELINE || undefined;

/** How many of a scenario's requests to send: all at full size, a quarter on a scaled-down dataset. */
function requestsOf(scenario: LoadScenario, scale: number) {
  const factor = Number(process.env.BENCH_REQUESTS_FACTOR ?? (scale < 1 ? 0.25 : 1));
  return Math.max(scenario.concurrency * 2, Math.ceil(scenario.requests * factor));
}

async function runLoadScenario(s: LoadScenario, d: Dataset, server: AppServer, pool: pg.Pool, token?: string) {
  const warm = s.concurrency * 2;
  const amount = requestsOf(s, d.scale);
  // Request 0 once each way, so a refusal is explained before thousands are counted, and the
  // baseline's row counts can be held against the API's answer.
  const probe = await httpCall(server, s.request(0), token);
  const ok = probe.status >= 200 && probe.status <= 299;
  const rows = await sqlProbe(pool, d.company.id, s, 0).catch((error: Error) => error.message);
  const answer = ok
    ? `${probe.status}, ${(probe.body.length / 1024).toFixed(1)} KB`
    : `refused: ${probe.status} ${probe.body.slice(0, 300)}`;
  console.log(`  request 0: ${answer}; SQL rows per statement: ${rows}`);
  await httpLoad(server, s, token, 1, warm);
  const api = await httpLoad(server, s, token, 1 + warm, amount);
  await sqlLoad(pool, d.company.id, s, 1, warm);
  const sql = await sqlLoad(pool, d.company.id, s, 1 + warm, amount);
  console.log(
    `  ${s.name}: ${api.throughput.toFixed(0)} req/s, p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms, ` +
      `p99 ${api.p99.toFixed(1)} ms, failures ${api.failures}; SQL p50 ${sql.p50.toFixed(1)} ms, p95 ${sql.p95.toFixed(1)} ms`,
  );
  return { scenario: s, api, sql };
}

function report(
  machine: Machine,
  d: Dataset,
  rows: LoadRow[],
  timed: TimedResult[],
  web: WebFigures | null,
  started: Date,
  comparison: string | null,
) {
  const notes = failureNotes(rows);
  const warning =
    d.scale === 1
      ? ''
      : `\n> **Scale ${d.scale}: a development run on a dataset ${d.scale}× the issue's.** Its figures are not the issue's and are not judged against the targets.\n`;
  return [
    `# Benchmark results${d.scale === 1 ? '' : ` (scale ${d.scale})`}`,
    warning,
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` (bench/README.md says what each scenario does).`,
    '',
    `Machine: ${machineLine(machine)}`,
    '',
    '## Dataset',
    '',
    datasetSection(d),
    '',
    `## HTTP scenarios (latencies in ms; the SQL baseline is the same database work straight through pg, pool of ${POOL_SIZE} like the app's)`,
    '',
    loadTable(rows, d.scale),
    ...(notes ? ['', 'Refusals:', '', notes] : []),
    ...(comparison ? ['', '## Before and after', '', comparison] : []),
    '',
    '## Timed runs',
    '',
    timedTable(timed, d.scale),
    ...(web
      ? [
          '',
          '## Web',
          '',
          webTable(web, { loginJsKb: LOGIN_JS_BUDGET_KB, usableMs: USABLE_BUDGET_MS }),
          '',
          usableTable(web, USABLE_BUDGET_MS, d.scale),
          '',
          lighthouseTable(web.lighthouse, LIGHTHOUSE_TARGETS),
        ]
      : []),
    '',
  ].join('\n');
}

const started = new Date();
await withBenchDatabase('bench', async (database, url) => {
  const machine = await machineOf(database);
  const dist = wanted('web') ? buildWeb() : undefined;
  console.log('dataset:');
  const dataset = await buildDataset(database, { billing100k });
  console.log(`dataset loaded in ${dataset.loadSeconds.toFixed(1)} s`);
  const server = await startAppServer({
    url,
    subdomain: dataset.company.subdomain,
    clock: dataset.clock,
    webDist: dist,
  });
  const before = baseline
    ? await startAppServer({ url, subdomain: dataset.company.subdomain, clock: dataset.clock, checkout: baseline })
    : undefined;
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  try {
    const tokensOf = async (app: AppServer) => {
      const tokens = new Map<Actor, string>();
      for (const actor of ['admin', 'cashier', 'marketer', 'ceo', 'parent'] as const)
        tokens.set(actor, await logIn(app, dataset.phones[actor]));
      return (actor: Actor) => tokens.get(actor) as string;
    };
    const token = await tokensOf(server);
    const beforeToken = before ? await tokensOf(before) : undefined;
    const rows: LoadRow[] = [];
    const beforeRows: LoadRow[] = [];
    const timed: TimedResult[] = [];
    for (const [name, make] of Object.entries(SCENARIOS)) {
      if (!wanted(name)) continue;
      const scenario = make(dataset);
      console.log(`${scenario.name}: ${scenario.what}`);
      if (scenario.kind === 'load') {
        if (before && beforeToken) {
          console.log('  before (BENCH_BASELINE):');
          beforeRows.push(
            await runLoadScenario(
              make({ ...dataset, runTag: 'before' }) as typeof scenario,
              dataset,
              before,
              pool,
              scenario.actor ? beforeToken(scenario.actor) : undefined,
            ),
          );
          console.log('  after (this checkout):');
        }
        rows.push(
          await runLoadScenario(scenario, dataset, server, pool, scenario.actor ? token(scenario.actor) : undefined),
        );
      } else {
        const results = await scenario
          .run({ dataset, database, url, server, token })
          .catch((error: Error) => [{ label: scenario.name, seconds: 0, ok: false, note: `threw: ${error.message}` }]);
        for (const r of results) console.log(`  ${r.label}: ${r.seconds.toFixed(2)} s, ${r.note}`);
        timed.push(...results);
      }
    }
    let web: WebFigures | null = null;
    if (dist) {
      console.log('web: bundle sizes, the student list in Chromium, Lighthouse in phone mode');
      const browser = await measureInBrowser(server, dist, dataset.phones.admin).catch((error: Error) => ({
        coldMs: [],
        warmMs: [],
        fetched: {},
        error: error.message.split('\n')[0],
      }));
      const lighthouse = await measureLighthouse(server, dataset.phones.admin);
      web = { sizes: pageSizes(dist), ...browser, lighthouse };
    }
    const comparison = before && baseline ? comparisonTable(beforeRows, rows, baseline) : null;
    const text = report(machine, dataset, rows, timed, web, started, comparison);
    console.log(`\n${text}`);
    if (!only.length) {
      writeFileSync(RESULTS, text);
      console.log(`written to ${RESULTS.pathname}`);
    }
  } finally {
    await pool.end();
    await server.stop();
    await before?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  }
});
