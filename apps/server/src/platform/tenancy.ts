import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

/**
 * Runs `work` in one transaction scoped to a company: `app.company_id` is set and
 * the role switched to app_user, so row-level security hides every other
 * company's rows even from a query that forgot its `where` (ARCHITECTURE.md).
 * Both settings go in one statement to save a round trip per request.
 */
export async function inCompany<T>(db: Db, companyId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  // Refuse rather than run with an empty tenant: drizzle would drop an undefined filter silently.
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new Error(`inCompany: invalid company id ${String(companyId)}`);
  }
  return db.transaction(async (tx) => {
    // random_page_cost 1.1 (PostgreSQL's default 4 assumes spinning disks): a tenant's rows are a small, cached
    // part of big tables, and reaching them through an index is cheap; at 4 the planner read a company's
    // 30,000 students whole to find one branch's 1,500 (docs/performance.md). Local to this transaction.
    await tx.execute(
      sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('role', 'app_user', true),
        set_config('random_page_cost', '1.1', true)`,
    );
    return work(tx);
  });
}
