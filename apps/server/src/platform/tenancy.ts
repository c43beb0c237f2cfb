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
  const timeout = String(options.timeoutMs ?? REQUEST_STATEMENT_TIMEOUT_MS);
  // random_page_cost 1.1 (PostgreSQL's default 4 assumes spinning disks): a tenant's rows are a small, cached
  // part of big tables, and reaching them through an index is cheap; at 4 the planner read a company's
  // 30,000 students whole to find one branch's 1,500 (docs/performance.md). All local to this transaction.
  const settings = sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('role', 'app_user', true),
    set_config('random_page_cost', '1.1', true), set_config('statement_timeout', ${timeout}, true),
    set_config('application_name', ${options.tag ?? ''}, true)`;
  const opening = [settings, ...(lead ? [lead] : [])].map(literalSql);
  const runner = runnerOf(db);
  if (runner) return runner(opening, work);
  // A Drizzle object made elsewhere (none in the app): the same statements, one round trip each.
  return db.transaction(async (tx) => {
    let rows: OpeningRow[] = [];
    for (const statement of opening) rows = ((await tx.execute(sql.raw(statement))) as { rows: OpeningRow[] }).rows;
    return work(tx, rows);
  });
}
