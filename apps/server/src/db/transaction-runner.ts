import type { PGlite } from '@electric-sql/pglite';
import { createTableRelationsHelpers, extractTablesRelationalConfig, type Logger, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db, Tx } from './client.js';
import * as schema from './schema/index.js';

/*
 * Our own transaction runner (issue 18). Drizzle's `transaction` sends `begin`, then every statement on its own:
 * a request paid a round trip each for `begin`, its tenant settings and its session check before any work.
 * Here the opening statements travel with `begin` in one message (node-postgres's simple query protocol, which
 * takes several statements without parameters; PGlite's `exec`), and the work then runs on Drizzle's own
 * transaction object, savepoints and all. The settings are SET LOCAL statements (platform/tenancy.ts): local to the
 * transaction, gone at its commit or rollback, so nothing of one request reaches the next on a pooled connection.
 */

/** A row of the last opening statement, as the driver parsed it. */
export type OpeningRow = Record<string, unknown>;

/**
 * Runs `work` in a transaction begun together with `opening` (statements of literal SQL: see `literalSql`), in
 * order; `work` gets the transaction and the rows of the last opening statement.
 */
export type TransactionRunner = <T>(
  opening: readonly string[],
  work: (tx: Tx, openingRows: OpeningRow[]) => Promise<T>,
) => Promise<T>;

const dialect = new PgDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
/** The relational schema as Drizzle's sessions take it (what `drizzle(client, { schema })` builds). */
const relationalSchema = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

/**
 * The statement with its values written into it, Drizzle's way (numbers as they are, strings quoted with quotes
 * doubled; the server keeps standard_conforming_strings on, so a backslash is only a backslash). For our own
 * values only: ids, settings and the claims of a token we signed.
 */
export const literalSql = (query: SQL): string => dialect.sqlToQuery(query.inlineParams()).sql;

const runners = new WeakMap<Db, TransactionRunner>();

/** The runner of a database opened by openDatabase; undefined for any other Drizzle object. */
export const runnerOf = (db: Db): TransactionRunner | undefined => runners.get(db);

/** node-postgres: `begin; …opening` in one message on a pooled connection, the work, then `commit`. */
export function registerNodePgRunner(db: Db, pool: pg.Pool, logger: Logger): void {
  runners.set(db, async (opening, work) => {
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, relationalSchema, { logger });
    const tx = new NodePgTransaction(dialect, session, relationalSchema) as unknown as Tx;
    // A connection whose rollback failed is in an unknown state: it is closed rather than lent again.
    let broken: Error | undefined;
    // The pool stops listening for a connection's errors while it is lent out: a connection that breaks between
    // two statements (the database restarted, the network cut) would raise an unheard 'error' and end the process.
    // Heard here, the next statement fails instead and the connection is thrown away on release.
    const onBreak = (error: Error) => {
      broken = error;
    };
    client.on('error', onBreak);
    try {
      const text = ['begin', ...opening].join(';\n');
      for (const statement of ['begin', ...opening]) logger.logQuery(statement, []);
      const answers = (await client.query(text)) as unknown as pg.QueryResult[] | pg.QueryResult;
      const last = Array.isArray(answers) ? answers.at(-1) : answers;
      const result = await work(tx, (last?.rows ?? []) as OpeningRow[]);
      logger.logQuery('commit', []);
      await client.query('commit');
      return result;
    } catch (error) {
      logger.logQuery('rollback', []);
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.off('error', onBreak);
      client.release(broken);
    }
  });
}

/** PGlite: its own `transaction` (one connection, so it also keeps other work out), the opening in one `exec`. */
export function registerPgliteRunner(db: Db, client: PGlite, logger: Logger): void {
  runners.set(db, (opening, work) =>
    client.transaction(async (ptx) => {
      const session = new PgliteSession(ptx as never, dialect, relationalSchema, { logger });
      const tx = new PgliteTransaction(dialect, session, relationalSchema) as unknown as Tx;
      for (const statement of opening) logger.logQuery(statement, []);
      const answers = opening.length ? await ptx.exec(opening.join(';\n')) : [];
      return work(tx, (answers.at(-1)?.rows ?? []) as OpeningRow[]);
    }),
  );
}
