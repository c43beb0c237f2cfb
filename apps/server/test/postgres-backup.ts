import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The PostgreSQL side of the restore drill (test/backup-restore.test.ts and the bench's restore-drill scenario):
 * databases made and dropped beside the one of `url` on the same server, and docs/operations.md's restore command.
 */

const execFileAsync = promisify(execFile);

/** The address of database `name` on the server of `url`. */
export function databaseUrlOf(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const checkedName = (name: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a database name of the drill: ${name}`);
  return name;
};

/** An empty database `name` on the server of `url`; answers its address. */
export async function createDatabase(url: string, name: string): Promise<string> {
  await onServer(url, `create database ${checkedName(name)}`);
  return databaseUrlOf(url, name);
}

/** Drops database `name` on the server of `url`, ending its sessions first; a missing one is fine. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await onServer(url, `drop database if exists ${checkedName(name)} with (force)`);
}

/**
 * docs/operations.md "Restore", step 2: `pg_restore --dbname=<url> --no-owner --role=postgres --jobs=<cores>
 * <file>` into an empty database (the role app_user exists on the server: it is a cluster object).
 */
export async function restorePgDump(url: string, file: string): Promise<void> {
  await execFileAsync('pg_restore', [
    `--dbname=${url}`,
    '--no-owner',
    '--role=postgres',
    `--jobs=${availableParallelism()}`,
    file,
  ]);
}
