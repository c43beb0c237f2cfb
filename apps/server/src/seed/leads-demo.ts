import { type CompanyDatas, type LeadColumn, phoneDigitCount, WEBSITE_LEAD_SOURCE } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { leadSections } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';
import { seedLeadConversionsDemo } from './lead-conversions-demo.js';
import { createLeadReasonRow, createLeadSourceRow, insertLeads, type LeadSpec } from './leads-factories.js';

/** The company's own sources, and the public form's, which screens show in the user's language. */
const SOURCES = ['Instagram', 'Telegram', 'Tavsiya', WEBSITE_LEAD_SOURCE];
const REASONS = ['Narx qimmat', 'Boshqa markazni tanladi', 'Javob bermayapti'];
const FIRST = ['Aziz', 'Madina', 'Jasur', 'Nilufar', 'Sardor', 'Dilnoza', 'Bekzod', 'Kamola', 'Otabek', 'Shahnoza'];
const LAST = ['Karimov', 'Yusupova', 'Toshmatov', 'Rashidova', 'Aliyev', 'Qodirova', 'Saidov', 'Ergasheva'];
const COMMENTS = [null, 'Kechqurun qoʻngʻiroq qilish kerak', 'IELTS ga tayyorlanmoqchi', 'Farzandi uchun', null];
/** Cards per branch: most still incoming, fewer waiting, a few set, a few archived. */
const PER_BRANCH = 40;

/**
 * The demo's lead board: sources, deletion reasons, a "Call back" section in the waiting column and
 * leads spread over the columns of every branch (a few archived), created over the last weeks.
 */
export async function seedLeadsDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  datas: Partial<CompanyDatas>,
  courseIds: number[],
) {
  const sources: number[] = [];
  for (const name of SOURCES) sources.push(await createLeadSourceRow(db, company.id, name));
  const reasons: number[] = [];
  for (const title of REASONS) reasons.push(await createLeadReasonRow(db, company.id, title));
  const digits = phoneDigitCount(datas.country);
  const now = Date.now();
  let serial = 0;
  for (const branchId of company.branchIds) {
    const section = await inCompany(db, company.id, async (tx) => {
      const [row] = await tx
        .insert(leadSections)
        .values({ companyId: company.id, branchId, column: 'waiting', title: 'Qayta qoʻngʻiroq', position: 1024 })
        .returning({ id: leadSections.id });
      return row?.id ?? null;
    });
    const specs: LeadSpec[] = Array.from({ length: PER_BRANCH }, (_, i) => {
      serial += 1;
      const column: LeadColumn = i % 8 < 5 ? 'incoming' : i % 8 < 7 ? 'waiting' : 'set';
      const createdAt = new Date(now - (serial % 30) * 86_400_000 - (serial % 9) * 3_600_000);
      return {
        branchId,
        name: `${FIRST[serial % FIRST.length]} ${LAST[(serial * 7) % LAST.length]}`,
        phone: `93${String(1_000_000 + serial * 7919).padStart(digits - 2, '0')}`.slice(0, digits),
        column,
        sectionId: column === 'waiting' && i % 3 === 0 ? section : null,
        position: i * 1024,
        sourceId: sources[serial % sources.length],
        courseId: courseIds.length ? courseIds[serial % courseIds.length] : null,
        adminId: serial % 2 ? company.users.admin.id : company.users.marketer.id,
        archiveReasonId: i % 13 === 12 ? reasons[serial % reasons.length] : null,
        comment: COMMENTS[serial % COMMENTS.length] ?? null,
        createdAt,
        setAt: column === 'set' ? new Date(createdAt.getTime() + 2 * 86_400_000) : undefined,
      };
    });
    await insertLeads(db, company.id, specs);
    await seedLeadConversionsDemo(db, company.id, branchId, sources);
  }
}
