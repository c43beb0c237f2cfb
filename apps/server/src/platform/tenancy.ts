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
    await tx.execute(
      sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('role', 'app_user', true)`,
    );
    return work(tx);
  });
}
