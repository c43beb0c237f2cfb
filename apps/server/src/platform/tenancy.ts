import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { literalSql, type OpeningRow, runnerOf } from '../db/transaction-runner.js';

/**
 * How long one statement of a request may run before PostgreSQL cancels it (answered 503 query_timeout):
 * no request may hold a connection, and the company's and everyone's patience, longer (issue 13 §1).
 */
export const REQUEST_STATEMENT_TIMEOUT_MS = 10_000;
/** Exports and background jobs run on their own connections and may take longer. */
export const BACKGROUND_STATEMENT_TIMEOUT_MS = 120_000;

export interface CompanyWorkOptions {
  /** The statement timeout of this transaction; REQUEST_STATEMENT_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /** Marks the transaction (application_name) so Database.cancel can find its statement. */
  tag?: string;
}

/**
 * Runs `work` in one transaction scoped to a company: `app.company_id` is set and
 * the role switched to app_user, so row-level security hides every other
 * company's rows even from a query that forgot its `where` (ARCHITECTURE.md).
 */
export function inCompany<T>(
  db: Db,
  companyId: number,
  work: (tx: Tx) => Promise<T>,
  options: CompanyWorkOptions = {},
): Promise<T> {
  return inCompanyAfter(db, companyId, null, (tx) => work(tx), options);
}

/** Into a company for the rest of the transaction, as app_user (whom the row-level policies hold to it). */
export function companyEntry(companyId: number): string[] {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`invalid company id ${String(companyId)}`);
  return [`set local app.company_id = '${companyId}'`, 'set local role app_user'];
}

/**
 * The transaction's settings, as SET LOCAL statements: local to the transaction like set_config(…, true), gone at
 * its commit or rollback — and, unlike a set_config call, passed on by Citus to the workers running the statement
 * when `citus.propagate_set_commands = 'local'` (Citus's configuration reference; docs/operations.md "Citus").
 * SET takes no parameters, so the values are written in: an integer id and timeout, and a quoted tag.
 */
function tenantSettings(companyId: number, options: CompanyWorkOptions): string[] {
  const timeout = options.timeoutMs ?? REQUEST_STATEMENT_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeout) || timeout < 0) throw new Error(`inCompany: invalid timeout ${String(timeout)}`);
  const tag = (options.tag ?? '').replaceAll("'", "''");
  return [
    ...companyEntry(companyId),
    // random_page_cost 1.1 (PostgreSQL's default 4 assumes spinning disks): a tenant's rows are a small, cached
    // part of big tables, and reaching them through an index is cheap; at 4 the planner read a company's
    // 30,000 students whole to find one branch's 1,500 (docs/performance.md).
    'set local random_page_cost = 1.1',
    `set local statement_timeout = ${timeout}`,
    `set local application_name = '${tag}'`,
  ];
}

/**
 * inCompany, with `lead` (a statement of our own values only, see literalSql) run first, already as app_user
 * and in the company, and sent with `begin` and the settings in one message (db/transaction-runner.ts): a
 * request's session check costs no round trip of its own. `work` gets the lead's rows.
 */
export async function inCompanyAfter<T>(
  db: Db,
  companyId: number,
  lead: SQL | null,
  work: (tx: Tx, leadRows: OpeningRow[]) => Promise<T>,
  options: CompanyWorkOptions = {},
): Promise<T> {
  // Refuse rather than run with an empty tenant: drizzle would drop an undefined filter silently.
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new Error(`inCompany: invalid company id ${String(companyId)}`);
  }
  const settings = tenantSettings(companyId, options);
  const leadText = lead ? [literalSql(lead)] : [];
  const runner = runnerOf(db);
  // The settings as one opening text: they travel together (with `begin`) and count as one statement.
  if (runner) return runner([settings.join(';\n'), ...leadText], work);
  // A Drizzle object made elsewhere (none in the app): the same statements, one round trip each.
  return db.transaction(async (tx) => {
    let rows: OpeningRow[] = [];
    for (const statement of [...settings, ...leadText]) {
      rows = ((await tx.execute(sql.raw(statement))) as { rows: OpeningRow[] }).rows;
    }
    return work(tx, rows);
  });
}
