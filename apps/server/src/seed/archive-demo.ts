import { type CompanyDatas, HistoryEvent, phoneDigitCount, Role, StudentStatus } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pgArray, selectRows, type Tx } from '../db/client.js';
import { bookEntry } from '../modules/finance/ledger.js';
import { companyTime } from '../modules/lessons/company-time.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';
import { createStaff, createTeacher } from './users-factories.js';

const E = HistoryEvent;
/** How many students who left every group the demo archives altogether. */
const ARCHIVED_STUDENTS = 6;

/**
 * The history behind the demo's archive and audit table (issue 14). The demo's rows are written as a finished
 * form would, with no history; this adds what the staff would have left doing it, over the last weeks: who
 * archived the groups and leads the demo already has archived, a few students who left and were archived,
 * a former teacher and cashier; the lessons' registers, the leads taken in, the students added,
 * activated and removed from groups; and a few refunds and a write-off at the cash desk.
 */
export async function seedArchiveDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  datas: Partial<CompanyDatas>,
) {
  const [first] = company.branchIds as [number];
  const phone = (n: number) => String(955_550_000 + n).padEnd(phoneDigitCount(datas.country), '0');
  const formerTeacher = await createTeacher(db, company.id, {
    name: 'Rustam Xolmatov',
    phone: phone(1),
    branchIds: [first],
    archived: true,
  });
  const formerCashier = await createStaff(db, company.id, {
    name: 'Gulnoza Tursunova',
    phone: phone(2),
    branchIds: [first],
    roles: [Role.cashier],
    archived: true,
  });
  const { admin, owner, cashier } = company.users;
  await inCompany(db, company.id, async (tx) => {
    const { timeZone, today } = await companyTime(tx, company.id, new Date());
    /** A moment of a day in the company's time zone, never later than now. */
    const at = (day: SQL, time: string | SQL) =>
      sql`least(now(), (${day} + ${typeof time === 'string' ? sql`${time}::time` : time}) at time zone ${timeZone})`;
    const daysAgo = (days: number) => sql`(${today}::date - ${days}::int)`;
    const ctx = { tx, companyId: company.id, at, daysAgo };

    await archiveFormer(ctx, formerTeacher, admin.id, 18);
    await archiveFormer(ctx, formerCashier, owner.id, 34);
    // The demo's log-in users (phones 9000000NN) stay as they are, whatever their groups.
    await archiveLeftStudents(
      ctx,
      admin.id,
      Object.values(company.users).map((user) => user.id),
    );
    await historyOfArchivedGroupsAndLeads(ctx, admin.id, company.users.marketer.id);
    await historyOfDailyWork(ctx, admin.id);
    await cashDeskCorrections(tx, company.id, today, cashier.id, admin.id);
  });
}

interface Ctx {
  tx: Tx;
  companyId: number;
  at: (day: SQL, time: string | SQL) => SQL;
  daysAgo: (days: number) => SQL;
}

/** One history row per selected row: `select` yields type, entity, entity_id, branch_id, actor_id, data, created_at. */
const insertHistory = (ctx: Ctx, select: SQL) =>
  ctx.tx.execute(
    sql`insert into history_events (company_id, type, entity, entity_id, branch_id, actor_id, data, created_at)
      select ${ctx.companyId}, x.type, x.entity, x.entity_id, x.branch_id, x.actor_id, x.data, x.created_at
      from (${select}) x`,
  );

/** A former employee archived `days` ago by `actorId`, as the users module records it. */
async function archiveFormer(ctx: Ctx, userId: number, actorId: number, days: number) {
  const when = ctx.at(ctx.daysAgo(days), '17:30');
  await ctx.tx.execute(
    sql`update users set archived_at = ${when} where company_id = ${ctx.companyId} and id = ${userId}`,
  );
  await insertHistory(
    ctx,
    sql`select ${E.userArchived}::smallint as type, 'user' as entity, u.id as entity_id, u.main_branch_id as branch_id,
        ${actorId}::bigint as actor_id, jsonb_build_object('name', u.name, 'phone', u.phone, 'roles', to_jsonb(u.roles)) as data,
        u.archived_at as created_at
      from users u where u.company_id = ${ctx.companyId} and u.id = ${userId}`,
  );
}

/** The students who left every group they had: the latest few are archived two days after leaving. */
async function archiveLeftStudents(ctx: Ctx, actorId: number, keep: number[]) {
  const left = await selectRows<{ id: number }>(
    ctx.tx,
    sql`select u.id::int as id from users u
      join group_students gs on gs.company_id = u.company_id and gs.student_id = u.id
      where u.company_id = ${ctx.companyId} and ${Role.student} = any(u.roles) and u.archived_at is null
        and not (u.id = any(${pgArray(keep)}::bigint[]))
      group by u.id having bool_and(gs.status = ${StudentStatus.archived}) and max(gs.left_date) is not null
      order by max(gs.left_date) desc, u.id limit ${ARCHIVED_STUDENTS}`,
  );
  for (const { id } of left) {
    await ctx.tx.execute(
      sql`update users u set archived_at = ${ctx.at(
        sql`(select max(gs.left_date) + 2 from group_students gs
          where gs.company_id = u.company_id and gs.student_id = u.id)`,
        '16:20',
      )}
        where u.company_id = ${ctx.companyId} and u.id = ${id}`,
    );
    await insertHistory(
      ctx,
      sql`select ${E.userArchived}::smallint as type, 'user' as entity, u.id as entity_id, u.main_branch_id as branch_id,
          ${actorId}::bigint as actor_id,
          jsonb_build_object('name', u.name, 'phone', u.phone, 'roles', to_jsonb(u.roles)) as data, u.archived_at as created_at
        from users u where u.company_id = ${ctx.companyId} and u.id = ${id}`,
    );
  }
}

/** Who archived the demo's archived groups (three days after they ended) and leads (two days after they came). */
async function historyOfArchivedGroupsAndLeads(ctx: Ctx, adminId: number, marketerId: number) {
  await insertHistory(
    ctx,
    sql`select ${E.groupArchived}::smallint as type, 'group' as entity, g.id as entity_id, g.branch_id,
        ${adminId}::bigint as actor_id,
        jsonb_build_object('title', coalesce(nullif(trim(g.name), ''), g.code), 'status_before', 4) as data,
        ${ctx.at(sql`coalesce(g.end_date + 3, current_date)`, '11:15')} as created_at
      from groups g where g.company_id = ${ctx.companyId} and g.status = 3`,
  );
  await ctx.tx.execute(
    sql`update leads set archived_at = least(now(), created_at + interval '2 days 3 hours')
      where company_id = ${ctx.companyId} and archived_at is not null`,
  );
  await insertHistory(
    ctx,
    sql`select ${E.leadArchived}::smallint as type, 'lead' as entity, l.id as entity_id, l.branch_id,
        coalesce(l.admin_id, ${marketerId})::bigint as actor_id,
        jsonb_build_object('name', l.name, 'reason_id', l.archive_reason_id, 'reason', r.title) as data,
        l.archived_at as created_at
      from leads l left join lead_reasons r on r.company_id = l.company_id and r.id = l.archive_reason_id
      where l.company_id = ${ctx.companyId} and l.archived_at is not null`,
  );
}

/**
 * The audit's daily figures: each lesson's register (one row per mark given, by the teacher at the lesson's
 * end), the leads taken in (reports-demo moves them on), and the students of the last month added,
 * activated and removed.
 */
async function historyOfDailyWork(ctx: Ctx, adminId: number) {
  const groupTitle = sql`coalesce(nullif(trim(g.name), ''), g.code)`;
  await insertHistory(
    ctx,
    sql`select ${E.attendanceMarked}::smallint as type, 'group' as entity, g.id as entity_id, g.branch_id,
        a.marked_by as actor_id,
        jsonb_build_object('student_ids', jsonb_agg(a.student_id order by a.student_id), 'group_title', ${groupTitle},
          'date', a.attend_date::text, 'status', a.status) as data,
        ${ctx.at(sql`a.attend_date`, sql`g.end_time`)} as created_at
      from attendances a join groups g on g.company_id = a.company_id and g.id = a.group_id
      where a.company_id = ${ctx.companyId} and a.marked_by is not null
      group by g.company_id, g.id, a.attend_date, a.status, a.marked_by`,
  );
  await insertHistory(
    ctx,
    sql`select ${E.leadAdded}::smallint as type, 'lead' as entity, l.id as entity_id, l.branch_id,
        l.admin_id as actor_id, jsonb_build_object('name', l.name, 'phone', l.phone) as data, l.created_at
      from leads l where l.company_id = ${ctx.companyId} and l.admin_id is not null`,
  );
  const recent = sql`gs.company_id = ${ctx.companyId} and gs.created_date >= ${ctx.daysAgo(30)}`;
  await insertHistory(
    ctx,
    sql`select ${E.userCreated}::smallint as type, 'user' as entity, u.id as entity_id, u.main_branch_id as branch_id,
        ${adminId}::bigint as actor_id,
        jsonb_build_object('user_type', 'student', 'name', u.name, 'phone', u.phone, 'roles', to_jsonb(u.roles)) as data,
        ${ctx.at(sql`min(gs.created_date) - 1`, '10:40')} as created_at
      from users u join group_students gs on gs.student_id = u.id and ${recent}
      where u.company_id = ${ctx.companyId}
      group by u.company_id, u.id
      union all
      select ${E.studentStatusChanged}::smallint, 'group', g.id, g.branch_id, ${adminId}::bigint,
        jsonb_build_object('group_title', ${groupTitle}, 'student_id', gs.student_id, 'student_name', u.name,
          'from', ${StudentStatus.inactive}::int, 'to', ${StudentStatus.active}::int),
        ${ctx.at(sql`gs.created_date + 7`, '12:10')}
      from group_students gs
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
      join users u on u.company_id = gs.company_id and u.id = gs.student_id
      where ${recent} and gs.status = ${StudentStatus.active} and gs.created_date + 7 <= current_date
      union all
      select ${E.studentStatusChanged}::smallint, 'group', g.id, g.branch_id, ${adminId}::bigint,
        jsonb_build_object('group_title', ${groupTitle}, 'student_id', gs.student_id, 'student_name', u.name,
          'from', ${StudentStatus.active}::int, 'to', ${StudentStatus.archived}::int, 'reason_id', gs.archive_reason_id,
          'comment', gs.archive_comment),
        ${ctx.at(sql`gs.left_date`, '15:05')}
      from group_students gs
      join groups g on g.company_id = gs.company_id and g.id = gs.group_id
      join users u on u.company_id = gs.company_id and u.id = gs.student_id
      where gs.company_id = ${ctx.companyId} and gs.status = ${StudentStatus.archived}
        and gs.left_date >= ${ctx.daysAgo(45)}`,
  );
}

/** Two refunds at the cashier's desk and an administrator's write-off, this month, of students in credit. */
async function cashDeskCorrections(tx: Tx, companyId: number, today: string, cashierId: number, adminId: number) {
  const inCredit = await selectRows<{ student_id: number; branch_id: number }>(
    tx,
    sql`select sb.student_id::int as student_id, min(le.branch_id)::int as branch_id
      from student_balances sb
      join ledger_entries le on le.company_id = sb.company_id and le.student_id = sb.student_id and le.kind = 'payment'
      where sb.company_id = ${companyId} and sb.balance >= 200000
      group by sb.student_id order by sb.student_id limit 3`,
  );
  // This month's payments fall on its first days (payments-demo): the corrections follow on the 2nd.
  const day = today.endsWith('-01') ? today : `${today.slice(0, 8)}02`;
  const [a, b, c] = inCredit;
  const cashier = { id: cashierId, companyId };
  for (const s of [a, b].filter((x) => x !== undefined)) {
    await bookEntry(tx, cashier, {
      kind: 'refund',
      amount: -50_000,
      date: day,
      branchId: s.branch_id,
      studentId: s.student_id,
      method: 'cash',
      cause: 'refund',
      comment: 'Ortiqcha toʻlov qaytarildi',
    });
  }
  if (c) {
    await bookEntry(
      tx,
      { id: adminId, companyId },
      {
        kind: 'write_off',
        amount: -30_000,
        date: day,
        branchId: c.branch_id,
        studentId: c.student_id,
        cause: 'write_off',
        comment: 'Darslik',
      },
    );
  }
}
