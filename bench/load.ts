import autocannon from 'autocannon';
import type pg from 'pg';
import type { LoadScenario, SqlStep } from './scenarios/types.js';
import { type AppServer, percentile } from './support.js';

/** What one measured run gives: throughput and latency percentiles (ms), and what went wrong. */
export interface Figures {
  requests: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** The first refusal's status and body, to say why. */
  firstFailure?: string;
}

/** Collects one run's latencies and failures. */
function tally() {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  return {
    ok: (ms: number) => latencies.push(ms),
    failed: () => failures++,
    /** Keeps the first reason only. */
    explain: (why: string) => {
      firstFailure ??= why;
    },
    figures(seconds: number): Figures {
      latencies.sort((a, b) => a - b);
      return {
        requests: latencies.length + failures,
        throughput: (latencies.length + failures) / seconds,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        p99: percentile(latencies, 0.99),
        failures,
        firstFailure,
      };
    },
  };
}

/**
 * `amount` requests of the scenario, numbered from `first`, over `concurrency` keep-alive
 * connections. Latencies of 2xx answers only; anything else (and a connection error or a
 * timeout) is a failure.
 */
export async function httpLoad(
  server: AppServer,
  scenario: LoadScenario,
  token: string | undefined,
  first: number,
  amount: number,
): Promise<Figures> {
  let next = first;
  const run = tally();
  const headers: Record<string, string> = { host: server.host };
  if (token) headers.authorization = `Bearer ${token}`;
  // autocannon ends on its one-second tick: throughput is counted from the first request to the last answer.
  let started = 0;
  let finished = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${server.port}`,
        connections: scenario.concurrency,
        amount,
        timeout: 120,
        requests: [
          {
            setupRequest: (req) => {
              started ||= performance.now();
              const call = scenario.request(next++);
              const json = typeof call.body === 'string' ? { 'content-type': 'application/json' } : {};
              return { ...req, ...call, headers: { ...headers, ...json, ...call.headers } };
            },
          },
        ],
        setupClient: (client) => {
          let status = 0;
          client.on('headers', (parsed) => {
            status = (parsed as unknown as { statusCode: number }).statusCode;
          });
          client.on('body', (body) => {
            if (status < 200 || status > 299) {
              // The parser hands over its buffer: what follows the headers is the answer.
              const text = body.toString();
              run.explain(`${status} ${text.slice(text.indexOf('\r\n\r\n') + 4).slice(0, 300)}`);
            }
          });
        },
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      finished = performance.now();
      if (status >= 200 && status <= 299) run.ok(ms);
      else run.failed();
    });
    instance.on('reqError', (error) => {
      run.failed();
      run.explain(String(error));
    });
  });
  return run.figures((finished - started) / 1000);
}

/** Runs a baseline's statements in one tenant transaction, as the app does; returns each statement's row count. */
async function inTenant(client: pg.PoolClient, companyId: number, steps: SqlStep[]): Promise<number[]> {
  const counts: number[] = [];
  await client.query('begin');
  try {
    // Company, role and planner cost in one statement, as platform/tenancy.ts does, so row-level security
    // applies and the plans are the app's.
    await client.query(
      `select set_config('app.company_id', $1, true), set_config('role', 'app_user', true),
        set_config('random_page_cost', '1.1', true)`,
      [String(companyId)],
    );
    let rows: Record<string, unknown>[] = [];
    for (const step of steps) {
      const statement = typeof step === 'function' ? step(rows) : step;
      rows = (await client.query(statement.text, statement.values)).rows;
      counts.push(rows.length);
    }
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/** Request i's baseline once: the row count of each statement, to compare with the API's answer. */
export async function sqlProbe(pool: pg.Pool, companyId: number, scenario: LoadScenario, i: number) {
  const client = await pool.connect();
  try {
    return await inTenant(client, companyId, scenario.sql(i));
  } finally {
    client.release();
  }
}

/**
 * The scenario's SQL for requests `first` … `first + amount − 1` straight through pg, from
 * `concurrency` workers sharing a pool as large as the app's: each request is one tenant
 * transaction (timed from asking the pool for a connection to the commit).
 */
export async function sqlLoad(
  pool: pg.Pool,
  companyId: number,
  scenario: LoadScenario,
  first: number,
  amount: number,
): Promise<Figures> {
  let next = first;
  const run = tally();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: scenario.concurrency }, async () => {
      while (next < first + amount) {
        const steps = scenario.sql(next++);
        const t = performance.now();
        const client = await pool.connect();
        try {
          await inTenant(client, companyId, steps);
          run.ok(performance.now() - t);
        } catch (error) {
          run.failed();
          run.explain(String(error));
        } finally {
          client.release();
        }
      }
    }),
  );
  return run.figures((performance.now() - started) / 1000);
}
