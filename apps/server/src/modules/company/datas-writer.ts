import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

/**
 * Merges top-level keys into the company's datas in one statement, so two writers of different keys (the
 * onboarding wizard and the settings page) never undo each other's change by writing back a stale copy.
 */
export async function mergeCompanyDatas(tx: Tx, companyId: number, patch: Record<string, unknown>): Promise<void> {
  await tx
    .update(companies)
    .set({ datas: sql`${companies.datas} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(companies.id, companyId));
}
