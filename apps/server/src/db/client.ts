import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { registerNodePgRunner, registerPgliteRunner } from './transaction-runner.js';

export type Schema = typeof schema;
/** Both drivers' databases share this type, so no code above this file knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Db | Tx;

/** Stops a `listen`. */
export type Unlisten = () => Promise<void>;

export interface Database {
  /** For requests: a pool of its own, so nothing slow elsewhere can take its connections. */
  db: Db;
  /**
   * For exports and background jobs: other connections (PostgreSQL), so twelve slow exports wait for each
   * other and not the requests of every company (issue 13 §1). PGlite has one connection: the same db.
   */
  background: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations; then refreshes the planner's statistics when any was applied. */
  migrate(): Promise<void>;
  /** The connection pools' use, for the metrics (PostgreSQL; PGlite has one connection and answers none). */
  pools(): PoolUse[];
  /**
   * Refreshes the planner's statistics of `tables` (all when absent) after a bulk change (seed, import):
   * a server whose autovacuum is off or behind plans with an empty table's statistics, and one export took
   * 23 s instead of 21 ms. Runs as the connecting (owning) user: app_user may not analyze.
   */
  analyze(tables?: readonly string[]): Promise<void>;
  /**
   * Cancels the running statement of the transaction tagged `tag` (inCompany's `tag`), if it still runs:
   * the request's client went away (PostgreSQL; PGlite's one statement at a time cannot be interrupted).
   */
  cancel(tag: string): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` committed by any process on this database
   * (PostgreSQL: one dedicated connection per call, reconnected if it drops; PGlite: in process).
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /**
   * How the job queue (pg-boss, platform/jobs) reaches this database: PostgreSQL through its own connections;
   * PGlite through its one connection, whose `query`/`exec` wait for any open request transaction to end.
   */
  jobsConnection: { connectionString: string } | { executeSql: JobsExecuteSql };
  close(): Promise<void>;
}

/** pg-boss's bring-your-own-database call. */
export type JobsExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** One statement as Drizzle sent it to the driver. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

const captures = new AsyncLocalStorage<CapturedStatement[]>();

/**
 * Drizzle calls this for every statement of both drivers, inside transactions too. Without
 * an active capture it is one `getStore()` (AsyncLocalStorage costs nothing until `run`).
 */
const statementRecorder: Logger = {
  logQuery(query, params) {
    captures.getStore()?.push({ sql: query, params });
  },
};

/**
 * Runs `work` and answers the statements it issued through Drizzle (the query-budget tests
 * wrap one request in it). node-postgres's `begin`/`commit` go through Drizzle and appear here;
 * PGlite sends its own, so callers that compare drivers leave transaction control out.
 */
export async function captureStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> {
  const statements: CapturedStatement[] = [];
  const result = await captures.run(statements, work);
  return { result, statements };
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: servers starting together take turns migrating. */
export const MIGRATION_LOCK = 72_310_001;

export interface PoolUse {
  pool: 'requests' | 'background';
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; absent for embedded PGlite. */
  url?: string;
  /** PGlite's data directory; absent for an in-memory PGlite (tests). */
  dataDir?: string;
  /** An in-memory PGlite starts from this dump (dumpMigratedPglite) instead of an empty cluster. */
  pgliteTemplate?: Blob;
  poolSize?: number;
}

/** Connections for exports and jobs beside the request pool: a few, since each may work for long. */
const BACKGROUND_POOL_SIZE = 4;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.pgliteTemplate);
}

/**
 * An in-memory PGlite with every migration applied, as a dump to start others from: creating
 * a cluster costs PGlite seconds (its initdb), loading a dump about one (the test suites' shared
 * template, test/pglite-template.ts).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite({ extensions: pgliteExtensions });
  await client.waitReady;
  await migratePglite(drizzlePglite(client, { schema }) as never, { migrationsFolder });
  await client.exec(analyzeStatement());
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/** `analyze` of named tables; names are ours (never a client's), checked anyway since they are spliced in. */
function analyzeStatement(tables?: readonly string[]): string {
  if (!tables?.length) return 'analyze';
  for (const table of tables) if (!/^[a-z_]+$/.test(table)) throw new Error(`analyze: bad table name ${table}`);
  return `analyze ${tables.join(', ')}`;
}

/** How many migrations the database has applied (0 before the first). */
async function appliedMigrations(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  try {
    const { rows } = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return (rows[0] as { n: number }).n;
  } catch {
    return 0;
  }
}

const pgliteExtensions = { pg_trgm, btree_gin };

async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    // PGlite creates its directory non-recursively.
    mkdirSync(dataDir, { recursive: true });
    client = new PGlite(join(dataDir, 'pglite'), { extensions: pgliteExtensions });
  } else {
    client = new PGlite({ extensions: pgliteExtensions, loadDataDir: template });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: statementRecorder }) as unknown as Db;
  registerPgliteRunner(db, client, statementRecorder);
  const count = () => appliedMigrations((text) => client.query(text));
  const analyze = async (tables?: readonly string[]) => {
    await client.exec(analyzeStatement(tables));
  };
  return {
    db,
    background: db,
    kind: 'pglite',
    pools: () => [],
    // One connection, one user: no other process can be migrating at the same time.
    async migrate() {
      const before = await count();
      await migratePglite(db as never, { migrationsFolder });
      if ((await count()) !== before) await analyze();
    },
    analyze,
    cancel: async () => {},
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    jobsConnection: {
      // pg-boss sends its schema's set-up as one multi-statement text without values: `exec` takes those.
      executeSql: async (text, values) =>
        values?.length ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const backgroundPool = new pg.Pool({ connectionString: url, max: BACKGROUND_POOL_SIZE });
  // Cancelling must not queue behind the very statements it cancels.
  const controlPool = new pg.Pool({ connectionString: url, max: 1 });
  // An idle connection that dies (the database restarted, a proxy cut it) is reported on its pool, which drops it
  // and connects afresh when next asked; unheard, the 'error' event would end the process.
  for (const p of [pool, backgroundPool, controlPool]) p.on('error', () => {});
  const db = drizzleNodePg(pool, { schema, logger: statementRecorder }) as unknown as Db;
  const background = drizzleNodePg(backgroundPool, { schema, logger: statementRecorder }) as unknown as Db;
  registerNodePgRunner(db, pool, statementRecorder);
  registerNodePgRunner(background, backgroundPool, statementRecorder);
  await pool.query('select 1');
  const analyze = async (tables?: readonly string[]) => {
    await backgroundPool.query(analyzeStatement(tables));
  };
  return {
    db,
    background,
    kind: 'postgres',
    pools: () =>
      (
        [
          ['requests', pool],
          ['background', backgroundPool],
        ] as const
      ).map(([name, p]) => ({ pool: name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount })),
    async migrate() {
      // An advisory lock is held by a session, so take it and migrate on one connection.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const before = await appliedMigrations((text) => conn.query(text));
        await migrateNodePg(drizzleNodePg(conn, { schema }), { migrationsFolder });
        if ((await appliedMigrations((text) => conn.query(text))) !== before) await conn.query('analyze');
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    analyze,
    async cancel(tag) {
      // By tag, never by process id alone: the connection may already serve another request.
      await controlPool
        .query('select pg_cancel_backend(pid) from pg_stat_activity where application_name = $1', [tag])
        .catch(() => {});
    },
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    jobsConnection: { connectionString: url },
    close: async () => {
      await Promise.all([pool.end(), backgroundPool.end(), controlPool.end()]);
    },
  };
}

/** How long to wait before reconnecting a dropped LISTEN connection. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). If it drops,
 * it reconnects after a pause and calls `onPayload('')` so the listener re-reads what it may have missed.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped || client !== next) return;
      client = null;
      void next.end().catch(() => {});
      setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
    });
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    client = next;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      onPayload('');
    } catch {
      setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
    client = null;
  };
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function selectRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A PostgreSQL array literal of numbers, dates or booleans ('t'/'f'), to bind as ONE
 * parameter (`${pgArray(ids)}::bigint[]`): drizzle spreads a JS array into one
 * parameter per element, which breaks past PostgreSQL's limits on large batches.
 * Not for arbitrary text (no quoting).
 */
export const pgArray = (values: readonly (number | string)[]): string => `{${values.join(',')}}`;
