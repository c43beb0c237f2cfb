import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, type Queryable, selectRows } from './client.js';

/**
 * What a backup must give back (docs/operations.md "Backups", "Restore"): the rows of every tenant table and the
 * ledger's sums. Written beside a dump and read again from the restored database, two equal figures say nothing was
 * lost. Read as the connecting (owning) user, to whom row-level security does not apply.
 */
export interface BackupFigures {
  /** Rows of each table with a `company_id` column (every tenant table), by table name. */
  rows: Record<string, number>;
  /** The ledger's sum of amounts by kind, in minor units; text, since sums of bigint may pass 2^53. */
  ledger: Record<string, string>;
}

/** The base tables of the public schema that carry `company_id`: ARCHITECTURE.md "Tenancy" says that is all of them. */
export async function tenantTables(q: Queryable): Promise<string[]> {
  const rows = await selectRows<{ table_name: string }>(
    q,
    sql`select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
        order by c.table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** The figures of one company, or of the whole database when `companyId` is absent. */
export async function readBackupFigures(q: Queryable, companyId?: number): Promise<BackupFigures> {
  const ofCompany = companyId === undefined ? sql`` : sql` where company_id = ${companyId}`;
  const tables = await tenantTables(q);
  // One statement for all the tables: a hundred round trips cost more than the counts of a small company.
  const counts = await selectRows<{ name: string; rows: number }>(
    q,
    sql.join(
      tables.map(
        (table) => sql`select ${table}::text as name, count(*)::int as rows from ${sql.identifier(table)}${ofCompany}`,
      ),
      sql` union all `,
    ),
  );
  const sums = await selectRows<{ kind: string; total: string }>(
    q,
    sql`select kind, sum(amount)::text as total from ledger_entries${ofCompany} group by kind order by kind`,
  );
  const rowsOf = new Map(counts.map((count) => [count.name, count.rows]));
  return {
    // In the tables' order (by name), not the answer's: two figures then compare line by line.
    rows: Object.fromEntries(tables.map((table) => [table, rowsOf.get(table) ?? 0])),
    ledger: Object.fromEntries(sums.map((sum) => [sum.kind, sum.total])),
  };
}

/** The company of a subdomain, for figures of one company; undefined when there is none. */
export async function companyIdOf(q: Queryable, subdomain: string): Promise<number | undefined> {
  const rows = await selectRows<{ id: number }>(q, sql`select id::int from companies where subdomain = ${subdomain}`);
  return rows[0]?.id;
}

const execFileAsync = promisify(execFile);

/**
 * The nightly dump of docs/operations.md: `pg_dump --format=custom --file=<file> <url>` (a consistent snapshot
 * without stopping anything), of the snapshot `snapshot` when given.
 */
export async function runPgDump(url: string, file: string, snapshot?: string): Promise<void> {
  await execFileAsync('pg_dump', [
    '--format=custom',
    ...(snapshot ? [`--snapshot=${snapshot}`] : []),
    `--file=${file}`,
    url,
  ]);
}

/**
 * runPgDump of the database at `url` into `file`, and the figures of the very state it dumped: both read one
 * snapshot (exported from a repeatable-read transaction and handed to pg_dump), so writes made while the dump
 * runs change neither.
 */
export async function dumpWithFigures(url: string, file: string, companyId?: number): Promise<BackupFigures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const dump = runPgDump(url, file, rows[0]!.snapshot);
    // The snapshot must stay exported until pg_dump has taken it: the transaction ends after the dump.
    const [figures] = await Promise.all([readBackupFigures(drizzleNodePg(client) as unknown as Db, companyId), dump]);
    await client.query('commit');
    return figures;
  } finally {
    await client.end();
  }
}

/** Figures as the CLI prints them: keys in a fixed order, one a line, so two of them compare with `diff`. */
export const formatBackupFigures = (figures: BackupFigures): string => `${JSON.stringify(figures, null, 2)}\n`;
