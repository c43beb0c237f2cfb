import type { Database } from '../../apps/server/src/db/client.js';
import type { Dataset } from '../dataset/index.js';
import type { AppServer, HttpCall } from '../support.js';

/** Who sends a scenario's requests: a role user of the large company, working in every branch. */
export type Actor = 'admin' | 'cashier' | 'marketer' | 'ceo' | 'parent';

/** One SQL statement for pg, with $n placeholders. */
export interface SqlCall {
  text: string;
  values: unknown[];
}

/**
 * A statement of a baseline; a function builds it from the rows of the statement before
 * (the ids a first query found), as the service does between its queries.
 */
export type SqlStep = SqlCall | ((previous: Record<string, unknown>[]) => SqlCall);

/** `q\`select … ${value}\``: a statement whose interpolations become bound parameters. */
export function q(strings: TemplateStringsArray, ...values: unknown[]): SqlCall {
  return { text: strings.reduce((text, part, i) => `${text}$${i}${part}`), values };
}

/** Issue 7's targets for a scenario; absent: none set. */
export interface Targets {
  /** p95 latency at the scenario's concurrency, in ms. */
  p95Ms?: number;
  /** API p50 / SQL p50 (and the same for p95). */
  ratio?: number;
}

/**
 * An HTTP scenario: `requests` requests from `concurrency` connections (autocannon), request
 * `i` built by `request(i)` from the dataset, so each asks about other students, groups or
 * branches, the same ones every run. `sql(i)` is the database work of request i done directly
 * (the endpoint's main statements, written out), which the runner times in a tenant
 * transaction at the same concurrency for the API/SQL ratio.
 */
export interface LoadScenario {
  kind: 'load';
  name: string;
  /** One line: what a user does and what the request asks. */
  what: string;
  /** null: no token (the log-in itself). */
  actor: Actor | null;
  concurrency: number;
  requests: number;
  request(i: number): HttpCall;
  sql(i: number): SqlStep[];
  targets?: Targets;
}

export interface TimedResult {
  label: string;
  seconds: number;
  ok: boolean;
  note: string;
  targetSeconds?: number;
}

export interface TimedContext {
  dataset: Dataset;
  database: Database;
  /** The run's database, for a scenario that starts servers of its own. */
  url: string;
  server: AppServer;
  token(actor: Actor): string;
}

/** A scenario timed once as a whole (the billing run, the import). */
export interface TimedScenario {
  kind: 'timed';
  name: string;
  what: string;
  run(context: TimedContext): Promise<TimedResult[]>;
}

export type Scenario = LoadScenario | TimedScenario;

/** Picks from a list by request number, spreading neighbours apart (a prime stride), the same every run. */
export const nth = <T>(list: readonly T[], i: number, stride = 7919): T => {
  if (!list.length) throw new Error('nothing to pick from: the dataset is too small for this scenario');
  return list[(i * stride) % list.length] as T;
};
