import type { LeadColumn } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { leadReasons, leadSources, leads, leadTags } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';

export interface LeadSpec {
  branchId: number;
  name: string;
  phone: string;
  column?: LeadColumn;
  sectionId?: number | null;
  position?: number;
  sourceId?: number | null;
  courseId?: number | null;
  adminId?: number | null;
  createdAt?: Date;
  /** When it reached "set" (lead statistics count conversions by this day). */
  setAt?: Date;
  comment?: string | null;
  /** An archived lead: archived now with this deletion reason. */
  archiveReasonId?: number | null;
  /** Lead tags (TagType.lead). */
  tagIds?: number[];
}

/** Lead rows as the demo and the tests make them: many in one insert, positions 1024 apart by default. */
export async function insertLeads(
  db: Db,
  companyId: number,
  specs: LeadSpec[],
): Promise<{ id: number; uuid: string }[]> {
  if (!specs.length) return [];
  return inCompany(db, companyId, async (tx) => {
    const made: { id: number; uuid: string }[] = [];
    // 500 rows × 14 columns stays far below PostgreSQL's bind-parameter limit.
    for (let i = 0; i < specs.length; i += 500) {
      const rows = await tx
        .insert(leads)
        .values(
          specs.slice(i, i + 500).map((spec, j) => ({
            companyId,
            branchId: spec.branchId,
            name: spec.name,
            phone: spec.phone,
            column: spec.column ?? 'incoming',
            sectionId: spec.sectionId ?? null,
            position: spec.position ?? (i + j) * 1024,
            sourceId: spec.sourceId ?? null,
            courseId: spec.courseId ?? null,
            adminId: spec.adminId ?? null,
            archivedAt: spec.archiveReasonId ? new Date() : null,
            archiveReasonId: spec.archiveReasonId ?? null,
            comment: spec.comment ?? null,
            setAt: spec.setAt ?? null,
            ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
          })),
        )
        .returning({ id: leads.id, uuid: leads.uuid });
      made.push(...rows);
    }
    const tagRows = specs.flatMap((spec, i) =>
      (spec.tagIds ?? []).map((tagId) => ({ companyId, leadId: (made[i] as { id: number }).id, tagId })),
    );
    if (tagRows.length) await tx.insert(leadTags).values(tagRows);
    return made;
  });
}

export async function createLeadReasonRow(db: Db, companyId: number, title: string, active = true) {
  return inCompany(db, companyId, async (tx) => {
    const [row] = await tx.insert(leadReasons).values({ companyId, title, active }).returning({ id: leadReasons.id });
    if (!row) throw new Error('lead reason insert returned no row');
    return row.id;
  });
}

export async function createLeadSourceRow(db: Db, companyId: number, name: string) {
  return inCompany(db, companyId, async (tx) => {
    const [row] = await tx.insert(leadSources).values({ companyId, name }).returning({ id: leadSources.id });
    if (!row) throw new Error('lead source insert returned no row');
    return row.id;
  });
}
