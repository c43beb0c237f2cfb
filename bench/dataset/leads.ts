import type { LeadColumn } from '@crm/contracts';
import type { Db } from '../../apps/server/src/db/client.js';
import { leadSections } from '../../apps/server/src/db/schema/index.js';
import { inCompany } from '../../apps/server/src/platform/tenancy.js';
import {
  createLeadReasonRow,
  createLeadSourceRow,
  insertLeads,
  type LeadSpec,
} from '../../apps/server/src/seed/leads-factories.js';
import { HISTORY_DAYS, PHONES, TODAY } from './config.js';
import { personName } from './names.js';

const SOURCES = ['Instagram', 'Telegram', 'Friends', 'Street banner', 'Website'];
const SECTIONS: { title: string; column: LeadColumn }[] = [
  { title: 'Call back', column: 'waiting' },
  { title: 'No answer', column: 'waiting' },
  { title: 'Trial booked', column: 'set' },
  { title: 'Thinking', column: 'set' },
];

/**
 * The leads of a company, spread evenly over its branches: on each board three in five
 * cards are incoming, one waiting, one set; a quarter of the waiting and set ones sit in
 * one of the branch's four sections; one lead in six has been archived with a reason.
 * Created over the two years. Returns, per branch, the uuids of the cards on its board.
 */
export async function createLeads(
  db: Db,
  rnd: () => number,
  company: { id: number; branchIds: number[] },
  courseIds: number[],
  count: number,
) {
  const sources: number[] = [];
  for (const name of SOURCES) sources.push(await createLeadSourceRow(db, company.id, name));
  const reason = await createLeadReasonRow(db, company.id, 'Too expensive');
  const sections = await inCompany(db, company.id, (tx) =>
    tx
      .insert(leadSections)
      .values(
        company.branchIds.flatMap((branchId) =>
          SECTIONS.map((s, i) => ({ companyId: company.id, branchId, ...s, position: i * 1024 })),
        ),
      )
      .returning({ id: leadSections.id, branchId: leadSections.branchId, column: leadSections.column }),
  );
  const today = Date.parse(`${TODAY}T12:00:00Z`);
  const specs: LeadSpec[] = Array.from({ length: count }, (_, i) => {
    const branchId = company.branchIds[i % company.branchIds.length] as number;
    const n = Math.floor(i / company.branchIds.length);
    const column: LeadColumn = n % 5 < 3 ? 'incoming' : n % 5 < 4 ? 'waiting' : 'set';
    const own = sections.filter((s) => s.branchId === branchId && s.column === column);
    const section = column !== 'incoming' && rnd() < 0.25 ? own[Math.floor(rnd() * own.length)] : undefined;
    return {
      branchId,
      name: personName(rnd),
      phone: String(PHONES.leads + i),
      column,
      sectionId: section?.id ?? null,
      position: n * 1024,
      sourceId: sources[Math.floor(rnd() * sources.length)] as number,
      courseId: courseIds[Math.floor(rnd() * courseIds.length)] as number,
      createdAt: new Date(today - Math.floor(rnd() * HISTORY_DAYS) * 86_400_000),
      archiveReasonId: rnd() < 1 / 6 ? reason : null,
    };
  });
  const made = await insertLeads(db, company.id, specs);
  return company.branchIds.map((branchId) => ({
    branchId,
    uuids: made.filter((_, i) => specs[i]?.branchId === branchId && !specs[i]?.archiveReasonId).map((m) => m.uuid),
  }));
}
