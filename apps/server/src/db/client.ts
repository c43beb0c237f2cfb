import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers' databases share this type, so no code above this file knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: servers starting together take turns migrating. */
const MIGRATION_LOCK = 72_310_001;

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; absent for embedded PGlite. */
  url?: string;
  /** PGlite's data directory; absent for an in-memory PGlite (tests). */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    // PGlite creates its directory non-recursively.
    mkdirSync(dataDir, { recursive: true });
    client = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
  } else {
    client = new PGlite({ extensions: { pg_trgm, btree_gin } });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One connection, one user: no other process can be migrating at the same time.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  await pool.query('select 1');
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // An advisory lock is held by a session, so take it and migrate on one connection.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(conn, { schema }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
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
