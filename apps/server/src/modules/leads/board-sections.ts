import type { LeadColumn } from '@crm/contracts';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leadSections } from '../../db/schema/index.js';

/** The live (not deleted) sections of a branch's board; `more` narrows them. */
export const liveSectionsOf = (companyId: number, branchId: number, ...more: SQL[]) =>
  and(
    eq(leadSections.companyId, companyId),
    eq(leadSections.branchId, branchId),
    isNull(leadSections.deletedAt),
    ...more,
  );

/** The live section `sectionId` of the branch (of `column` when given) with its column, or null. */
export async function findLiveSection(
  tx: Tx,
  companyId: number,
  branchId: number,
  sectionId: number,
  column?: LeadColumn,
): Promise<{ column: LeadColumn } | null> {
  const [section] = await tx
    .select({ column: leadSections.column })
    .from(leadSections)
    .where(
      liveSectionsOf(
        companyId,
        branchId,
        eq(leadSections.id, sectionId),
        ...(column === undefined ? [] : [eq(leadSections.column, column)]),
      ),
    );
  return section ? { column: section.column as LeadColumn } : null;
}
