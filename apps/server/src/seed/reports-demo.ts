import { groupTitle, HistoryEvent, StudentStatus } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../db/client.js';
import { historyEvents } from '../db/schema/index.js';
import { companyTime } from '../modules/lessons/company-time.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REASONS = ['Aka-ukalar chegirmasi', 'Doimiy mijoz', 'Xodimning farzandi', 'Kuzgi aksiya', null];

/**
 * What the reachability and discounts reports need beyond the demo's leads and places (docs/reports.md): the
 * demo writes leads straight into their columns and no individual price at all. This adds (1) the history of
 * the staff reaching the leads — the administrator and the marketer move the waiting and set cards out of
 * "incoming" a few hours after they came, and edit some incoming ones — and (2) individual prices of a few
 * paying students of each branch, set by the administrator, with one replaced and one removed since.
 */
export async function seedReportsDemo(db: Db, company: CreatedCompany & { users: RoleUsers }): Promise<void> {
  const companyId = company.id;
  await inCompany(db, companyId, async (tx) => {
    await leadReaches(tx, company);
    await individualPrices(tx, company);
  });
}

type Event = typeof historyEvents.$inferInsert;

async function leadReaches(tx: Tx, company: CreatedCompany & { users: RoleUsers }) {
  const leads = await selectRows<{
    id: number;
    name: string;
    branch_id: number;
    column: string;
    section_id: number | null;
    created_at: string;
  }>(
    tx,
    sql`select id::int, name, branch_id::int, "column", section_id::int, created_at::text from leads
      where company_id = ${company.id} order by id`,
  );
  const staff = [company.users.admin.id, company.users.marketer.id];
  const events: Event[] = [];
  leads.forEach((lead, i) => {
    const actorId = staff[i % 2] as number;
    // Reached between one and thirty hours after the lead came in.
    const at = new Date(new Date(lead.created_at).getTime() + (1 + ((i * 7) % 30)) * HOUR);
    if (at.getTime() > Date.now()) return;
    const base = { companyId: company.id, entity: 'lead', entityId: lead.id, branchId: lead.branch_id, actorId };
    if (lead.column !== 'incoming') {
      events.push({
        ...base,
        type: HistoryEvent.leadMoved,
        createdAt: at,
        data: {
          name: lead.name,
          from: { column: 'incoming', section: null, branch_id: lead.branch_id },
          to: { column: lead.column, section: lead.section_id, branch_id: lead.branch_id },
        },
      });
    } else if (i % 4 === 0) {
      events.push({
        ...base,
        type: HistoryEvent.leadEdited,
        createdAt: at,
        data: { name: lead.name, changed: { comment: { before: null, after: 'Qoʻngʻiroq qilindi' } } },
      });
    }
  });
  for (let i = 0; i < events.length; i += 500) await tx.insert(historyEvents).values(events.slice(i, i + 500));
}

async function individualPrices(tx: Tx, company: CreatedCompany & { users: RoleUsers }) {
  const { today } = await companyTime(tx, company.id, new Date());
  const year = today.slice(0, 4);
  // From the first day of the month three months back (not before January: spec §5, dates in one year).
  const back = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  back.setUTCMonth(back.getUTCMonth() - 3);
  const start = back.toISOString().slice(0, 4) === year ? back.toISOString().slice(0, 10) : `${year}-01-01`;
  const end = `${year}-12-31`;
  const places = await selectRows<{
    group_id: number;
    student_id: number;
    student_name: string;
    branch_id: number;
    group_name: string | null;
    group_code: string;
    price: number;
  }>(
    tx,
    sql`select * from (
        select gs.group_id::int, gs.student_id::int, u.name as student_name, g.branch_id::int,
          g.name as group_name, g.code as group_code, c.price::bigint::float8 as price,
          row_number() over (partition by g.branch_id order by gs.group_id, gs.student_id) as n
        from group_students gs
        join groups g on g.company_id = gs.company_id and g.id = gs.group_id
        join courses c on c.company_id = g.company_id and c.id = g.course_id
        join users u on u.company_id = gs.company_id and u.id = gs.student_id
        where gs.company_id = ${company.id} and gs.status = ${StudentStatus.active} and c.price > 0
      ) p where p.n % 9 = 1 and p.n < 90`,
  );
  const admin = company.users.admin.id;
  const events: Event[] = [];
  const setAt = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  for (const [i, place] of places.entries()) {
    const share = [0.8, 0.85, 0.9, 0.75][i % 4] as number;
    const sum = Math.round((place.price * share) / 1000) * 1000;
    const reason = REASONS[i % REASONS.length] ?? null;
    const body = {
      exception_sum: sum,
      exception_sum_reason: reason,
      exception_sum_start_date: start,
      exception_sum_end_date: end,
    };
    const base = {
      companyId: company.id,
      entity: 'group',
      entityId: place.group_id,
      branchId: place.branch_id,
      actorId: admin,
    };
    const data = {
      group_title: groupTitle({ name: place.group_name, code: place.group_code }),
      student_id: place.student_id,
      student_name: place.student_name,
    };
    if (i % 5 === 4) {
      // A price given, then taken back: only the history keeps it.
      events.push({ ...base, type: HistoryEvent.individualPriceSet, createdAt: setAt(80), data: { ...data, ...body } });
      events.push({ ...base, type: HistoryEvent.individualPriceRemoved, createdAt: setAt(20), data });
      continue;
    }
    if (i % 5 === 3) {
      // A first, smaller discount, replaced by the one standing now.
      const first = { ...body, exception_sum: Math.round((place.price * 0.95) / 1000) * 1000 };
      events.push({
        ...base,
        type: HistoryEvent.individualPriceSet,
        createdAt: setAt(95),
        data: { ...data, ...first },
      });
    }
    events.push({
      ...base,
      type: HistoryEvent.individualPriceSet,
      createdAt: setAt(60 - i),
      data: { ...data, ...body },
    });
    await tx.execute(sql`update group_students set exception_sum = ${sum}, exception_sum_reason = ${reason},
        exception_sum_start_date = ${start}, exception_sum_end_date = ${end}
      where company_id = ${company.id} and group_id = ${place.group_id} and student_id = ${place.student_id}`);
  }
  if (events.length) await tx.insert(historyEvents).values(events);
}
