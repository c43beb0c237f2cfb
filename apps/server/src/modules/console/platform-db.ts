import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { REQUEST_STATEMENT_TIMEOUT_MS } from '../../platform/tenancy.js';

/**
 * Runs `work` in one transaction of the owner connection, outside any company. The platform tables have
 * row-level security with no policy, so only this connection reaches them; it also sees every company's
 * rows, which is why the console's queries answer counts and dates, never a centre's people.
 */
export function asPlatform<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', ${String(REQUEST_STATEMENT_TIMEOUT_MS)}, true)`);
    return work(tx);
  });
}
