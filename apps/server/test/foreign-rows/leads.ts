import { leadSections } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { createLeadReasonRow, createLeadSourceRow, insertLeads } from '../../src/seed/leads-factories.js';
import type { ForeignRows } from '../helpers.js';

/** A board section, a lead (and an archived one), a source and a deletion reason of the other company. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const section = await inCompany(db, foreign.id, async (tx) => {
    const [row] = await tx
      .insert(leadSections)
      .values({
        companyId: foreign.id,
        branchId,
        column: 'waiting',
        title: 'Foreign',
        position: 0,
      })
      .returning({ id: leadSections.id });
    return row!.id;
  });
  const reason = await createLeadReasonRow(db, foreign.id, 'Foreign reason');
  const source = await createLeadSourceRow(db, foreign.id, 'Foreign source');
  const [lead, archived] = await insertLeads(db, foreign.id, [
    { branchId, name: 'Foreign Lead', phone: '977000001' },
    { branchId, name: 'Foreign Archived', phone: '977000002', archiveReasonId: reason },
  ]);
  return {
    '/api/v1/leadSection/:id': { params: { id: section }, bodies: { PUT: { title: 'Hijacked' } } },
    '/api/v1/leadData/:id': { params: { id: lead!.id }, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/leads/archive/:id/restore': { params: { id: archived!.id } },
    // Any group id: the lead is looked up first.
    '/api/v1/group/lead/:id': { params: { id: lead!.id }, bodies: { POST: { group_id: 1 } } },
    '/api/v1/leadSource/:id': { params: { id: source }, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/leads/archive-reason/:id': { params: { id: reason }, bodies: { PUT: { title: 'Hijacked' } } },
  };
};
