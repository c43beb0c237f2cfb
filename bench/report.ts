import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../apps/server/src/db/client.js';
import type { Dataset } from './dataset/index.js';
import type { LIGHTHOUSE_TARGETS, LighthouseFigures } from './lighthouse.js';
import type { Figures } from './load.js';
import type { LoadScenario, TimedResult } from './scenarios/types.js';

/** The machine a run measured, as RESULTS.md states it. */
export async function machineOf(database: Database) {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? 'unknown';
  const [pg] = await selectRows<{ version: string }>(database.db, sql`select version()`);
  return {
    cpus: availableParallelism(),
    memoryGb: totalmem() / 1024 ** 3,
    cpu,
    postgres: pg?.version.split(' on ')[0] ?? 'unknown',
    node: process.version,
    load: loadavg()
      .map((v) => v.toFixed(2))
      .join(', '),
  };
}
export type Machine = Awaited<ReturnType<typeof machineOf>>;

export interface LoadRow {
  scenario: LoadScenario;
  api: Figures;
  sql: Figures;
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const by = (value: number, limit: number) => `no (${(value / limit).toFixed(1)}×)`;

/** "yes", "no (2.3×)" — or nothing to judge: no target, a failed run, or a scaled-down dataset. */
function verdict(failed: boolean, scale: number, checks: { value: number; limit: number }[]): string {
  if (failed) return '**FAILED**';
  if (!checks.length) return '';
  if (scale !== 1) return `— (scale ${scale})`;
  const missed = checks.filter((c) => c.value >= c.limit);
  return missed.length ? missed.map((c) => by(c.value, c.limit)).join(', ') : 'yes';
}

export function loadTable(rows: LoadRow[], scale: number): string {
  const lines = [
    '| scenario | conc. | requests | req/s | p50 ms | p95 ms | p99 ms | SQL p50 | SQL p95 | API/SQL p50 | API/SQL p95 | target | met? | failures |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { scenario: s, api, sql: base } of rows) {
    // No ratio without a baseline that ran.
    const ratio = (a: number, b: number) => (base.failures || !b ? Number.NaN : a / b);
    const ratio50 = ratio(api.p50, base.p50);
    const ratio95 = ratio(api.p95, base.p95);
    const fixed = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(2));
    const targets = s.targets ?? {};
    const checks = [
      ...(targets.p95Ms ? [{ value: api.p95, limit: targets.p95Ms }] : []),
      ...(targets.ratio ? [{ value: ratio50, limit: targets.ratio }] : []),
    ];
    const target = [
      targets.p95Ms ? `p95 < ${targets.p95Ms} ms` : '',
      targets.ratio ? `API/SQL < ${targets.ratio}` : '',
    ].filter(Boolean);
    lines.push(
      `| ${s.name} | ${s.concurrency} | ${api.requests} | ${api.throughput.toFixed(0)} | ${ms(api.p50)} | ${ms(api.p95)} | ` +
        `${ms(api.p99)} | ${ms(base.p50)} | ${ms(base.p95)} | ${fixed(ratio50)} | ${fixed(ratio95)} | ` +
        `${target.join(', ')} | ${verdict(api.failures > 0 || base.failures > 0, scale, checks)} | ${api.failures}${base.failures ? ` (SQL ${base.failures})` : ''} |`,
    );
  }
  return lines.join('\n');
}

export function timedTable(results: TimedResult[], scale: number): string {
  const lines = ['| run | time | target | met? | note |', '|---|---|---|---|---|'];
  for (const r of results) {
    const checks = r.targetSeconds === undefined ? [] : [{ value: r.seconds, limit: r.targetSeconds }];
    const target = r.targetSeconds === undefined ? '' : `< ${r.targetSeconds.toFixed(1)} s`;
    lines.push(`| ${r.label} | ${r.seconds.toFixed(2)} s | ${target} | ${verdict(!r.ok, scale, checks)} | ${r.note} |`);
  }
  return lines.join('\n');
}

/** Why a run failed, printed under the tables. */
export const failureNotes = (rows: LoadRow[]) =>
  rows
    .flatMap(({ scenario, api, sql: base }) => [
      api.firstFailure ? `- ${scenario.name} (API): ${api.firstFailure}` : '',
      base.firstFailure ? `- ${scenario.name} (SQL): ${base.firstFailure}` : '',
    ])
    .filter(Boolean)
    .join('\n');

export function datasetSection(d: Dataset): string {
  const rows = Object.entries(d.rows)
    .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
    .join(', ');
  const steps = d.steps.map(
    (s) => `| ${s.part} | ${s.rows ? s.rows.toLocaleString('en') : ''} | ${s.seconds.toFixed(1)} s |`,
  );
  return [
    `Scale ${d.scale}, seed ${d.seed}; the dataset's today is ${d.today}. Rows in the database: ${rows}.`,
    `Loaded in ${d.loadSeconds.toFixed(0)} s:`,
    '',
    '| part | rows | time |',
    '|---|---|---|',
    ...steps,
  ].join('\n');
}

export const machineLine = (m: Machine) =>
  `${m.cpus} CPUs (${m.cpu}), ${m.memoryGb.toFixed(0)} GB memory, ${m.postgres}, Node ${m.node}; ` +
  `load average at the start ${m.load} (the server, PostgreSQL and the load generator share the machine).`;

export interface WebFigures {
  sizes: { page: string; jsKb: number; cssKb: number; files: number }[];
  fetched: Record<string, { jsKb: number; cssKb: number }>;
  coldMs: number[];
  warmMs: number[];
  /** Why Chromium could not measure, when it could not. */
  error?: string;
  lighthouse: LighthouseFigures[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function webTable(w: WebFigures, budgets: { loginJsKb: number; usableMs: number }): string {
  const lines = [
    '| page | JS gzipped | CSS gzipped | files | fetched in Chromium (JS / CSS) | target | met? |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const s of w.sizes) {
    const seen = w.fetched[s.page];
    const login = s.page === 'log-in page';
    // Judged on the larger of the two (the page may import more at run time than the manifest's static
    // graph shows); sizes do not depend on the dataset, so at any scale.
    const jsKb = Math.max(s.jsKb, seen?.jsKb ?? 0);
    const met = login ? (jsKb < budgets.loginJsKb ? 'yes' : by(jsKb, budgets.loginJsKb)) : '';
    lines.push(
      `| ${s.page} | ${s.jsKb.toFixed(1)} KB | ${s.cssKb.toFixed(1)} KB | ${s.files} | ` +
        `${seen ? `${seen.jsKb.toFixed(1)} KB / ${seen.cssKb.toFixed(1)} KB` : '—'} | ` +
        `${login ? `JS < ${budgets.loginJsKb} KB` : ''} | ${met} |`,
    );
  }
  return lines.join('\n');
}

export function usableTable(w: WebFigures, budgetMs: number, scale: number): string {
  if (w.error) return `Student list in Chromium: **FAILED** — ${w.error}`;
  const row = (label: string, values: number[], judged: boolean) =>
    `| ${label} | ${median(values).toFixed(0)} ms | ${Math.max(...values).toFixed(0)} ms | ${values.length} | ` +
    `${judged ? `< ${budgetMs} ms` : ''} | ${judged ? verdict(false, scale, [{ value: median(values), limit: budgetMs }]) : ''} |`;
  return [
    '| student list usable (navigation → first row visible) | median | worst | runs | target | met? |',
    '|---|---|---|---|---|---|',
    row('new browser context (empty cache)', w.coldMs, true),
    row('again in the same context (cached assets)', w.warmMs, false),
  ].join('\n');
}

/** The same scenarios against an older checkout's app in the same run (BENCH_BASELINE), side by side. */
export function comparisonTable(before: LoadRow[], after: LoadRow[], baseline: string): string {
  const lines = [
    `Before: the app of \`${baseline}\`; after: this checkout. Same machine, same dataset, same run, one after the other.`,
    '',
    '| scenario | before req/s | before p50 / p95 ms | after req/s | after p50 / p95 ms | throughput | p95 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of after) {
    const old = before.find((b) => b.scenario.name === row.scenario.name);
    if (!old) continue;
    const a = row.api;
    const b = old.api;
    lines.push(
      `| ${row.scenario.name} | ${b.throughput.toFixed(0)} | ${ms(b.p50)} / ${ms(b.p95)} | ${a.throughput.toFixed(0)} | ` +
        `${ms(a.p50)} / ${ms(a.p95)} | ${(a.throughput / b.throughput).toFixed(2)}× | ${(a.p95 / b.p95).toFixed(2)}× |`,
    );
  }
  return lines.join('\n');
}

/**
 * Lighthouse in phone mode, the medians of its runs. Judged at any scale: the pages' code does not depend on
 * the dataset, and the signed-in pages show their first 50 rows whatever the size.
 */
export function lighthouseTable(rows: LighthouseFigures[], targets: typeof LIGHTHOUSE_TARGETS): string {
  const lines = [
    '| Lighthouse, phone mode | performance | first contentful paint | total blocking time | largest contentful paint | runs | target | met? |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    if (r.error && !r.runs) {
      lines.push(`| ${r.page} | **FAILED** — ${r.error} | | | | 0 | | |`);
      continue;
    }
    // The score is "at least": its miss is said as the score itself.
    const checks = [
      { label: `score ≥ ${targets.score}`, missed: r.score < targets.score, by: `no (${r.score.toFixed(0)})` },
    ];
    if (r.page === 'log-in page')
      checks.push({
        label: `FCP < ${targets.loginFcpMs / 1000} s`,
        missed: r.fcpMs >= targets.loginFcpMs,
        by: by(r.fcpMs, targets.loginFcpMs),
      });
    if (r.page === 'student list')
      checks.push({
        label: `TBT < ${targets.studentListTbtMs} ms`,
        missed: r.tbtMs >= targets.studentListTbtMs,
        by: by(r.tbtMs, targets.studentListTbtMs),
      });
    const missed = checks.filter((c) => c.missed);
    lines.push(
      `| ${r.page} | ${r.score.toFixed(0)} | ${r.fcpMs.toFixed(0)} ms | ${r.tbtMs.toFixed(0)} ms | ${r.lcpMs.toFixed(0)} ms | ` +
        `${r.runs}${r.error ? ` (then: ${r.error})` : ''} | ${checks.map((c) => c.label).join(', ')} | ` +
        `${missed.length ? missed.map((c) => c.by).join(', ') : 'yes'} |`,
    );
  }
  const index = rows.find((r) => r.runs)?.benchmarkIndex;
  if (index)
    lines.push(
      '',
      `Lighthouse's benchmark index of this machine during the run: ${index.toFixed(0)} (its phone mode slows the CPU 4× on ` +
        'top of it; a busy machine inflates the blocking time, so compare only runs of one session).',
    );
  return lines.join('\n');
}
