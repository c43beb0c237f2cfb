import { companyDatasSchema, GroupStatus, Role, StudentStatus, weekdaysOf } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, pgArray, selectRows } from '../../apps/server/src/db/client.js';
import { hashPassword } from '../../apps/server/src/platform/passwords.js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/factories.js';
import { PHONES, TODAY } from './config.js';
import type { GroupPlan, Place } from './types.js';

/**
 * The small companies beside the large one — each a branch, an admin, a cashier and a
 * teacher, 20 students in one group, 10 leads — so that every query of the large company
 * has to find its rows by company_id among a thousand others. Written by a handful of
 * INSERT … SELECT statements over all of them at once (the owner connection, which row-level
 * security does not restrict), then read back as plans and places, so their registers and
 * ledgers come from the same generators as the large company's.
 */

const STUDENTS = 20;
const STAFF = [Role.admin, Role.cashier, Role.teacher] as const;
const LEADS = 10;

export async function createSmallCompanies(db: Db, count: number) {
  const datas = JSON.stringify(companyDatasSchema.parse({ country: 'uz' }));
  const companies = await selectRows<{ id: number }>(
    db,
    sql`insert into companies (name, subdomain, datas)
      select 'Small Centre ' || n, 'small-' || n, ${datas}::jsonb from generate_series(1, ${count}) n
      returning id::int as id`,
  );
  const ids = pgArray(companies.map((c) => c.id));
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.execute(sql`insert into branches (company_id, name) select id, 'Main' from unnest(${ids}::bigint[]) id`);
  // Users k = 1 … 3 are the staff, the rest the students; phones are unique across the companies.
  await db.execute(sql`insert into users (company_id, name, phone, roles, main_branch_id, password_hash)
    select b.company_id,
      case when k <= ${STAFF.length} then (array['Admin', 'Cashier', 'Teacher'])[k] else 'Student' end || ' ' || k,
      (${PHONES.small} + b.company_id * 100 + k)::text,
      case when k <= ${STAFF.length} then array[(${pgArray(STAFF)}::smallint[])[k]]
        else array[${Role.student}]::smallint[] end,
      b.id,
      case when k <= ${STAFF.length} then ${hash} end
    from branches b cross join generate_series(1, ${STAFF.length + STUDENTS}) k
    where b.company_id = any(${ids}::bigint[])`);
  await db.execute(sql`insert into user_branches (company_id, user_id, branch_id)
    select company_id, id, main_branch_id from users where company_id = any(${ids}::bigint[])`);
  await db.execute(sql`insert into courses (company_id, name, code, price, lesson_duration, duration_months)
    select id, 'General English', 'GE', 400000, 90, 6 from unnest(${ids}::bigint[]) id`);
  // Odd-day groups in even companies, even-day ones in odd companies, started 2 to 12 months ago.
  await db.execute(sql`insert into groups (company_id, branch_id, course_id, teacher_id, code, order_number, day_type,
      days, start_time, end_time, start_date, status)
    select b.company_id, b.id, c.id, t.id, 'GE-1', 1,
      case when b.company_id % 2 = 0 then 'odd' else 'even' end,
      case when b.company_id % 2 = 0 then ${pgArray(weekdaysOf('odd', null))}::smallint[]
        else ${pgArray(weekdaysOf('even', null))}::smallint[] end,
      '09:00', '10:30', ${TODAY}::date - (60 + b.company_id % 300)::int, ${GroupStatus.active}
    from branches b
      join courses c on c.company_id = b.company_id
      join users t on t.company_id = b.company_id and ${Role.teacher} = any(t.roles)
    where b.company_id = any(${ids}::bigint[])`);
  await db.execute(sql`insert into group_students (company_id, group_id, student_id, created_date, status)
    select g.company_id, g.id, u.id, g.start_date, ${StudentStatus.active}
    from groups g join users u on u.company_id = g.company_id and ${Role.student} = any(u.roles)
    where g.company_id = any(${ids}::bigint[])`);
  await db.execute(sql`insert into leads (company_id, branch_id, name, phone, "column", position)
    select b.company_id, b.id, 'Lead ' || k, (${PHONES.smallLeads} + b.company_id * 100 + k)::text,
      (array['incoming', 'waiting', 'set'])[1 + k % 3], k * 1024
    from branches b cross join generate_series(1, ${LEADS}) k
    where b.company_id = any(${ids}::bigint[])`);
  return readBack(db, ids);
}

/** The small companies' groups and places, and each company's cashier (the author of its ledger). */
async function readBack(db: Db, ids: string) {
  const groups = await selectRows<{
    company_id: number;
    id: number;
    branch_id: number;
    teacher_id: number;
    days: number[];
    start_date: string;
  }>(
    db,
    sql`select company_id::int, id::int, branch_id::int, teacher_id::int, days::int[], start_date::text
      from groups where company_id = any(${ids}::bigint[])`,
  );
  const noHolidays = new Map<string, string>();
  const plans: GroupPlan[] = groups.map((g) => ({
    companyId: g.company_id,
    id: g.id,
    branchId: g.branch_id,
    teacherId: g.teacher_id,
    days: g.days,
    startDate: g.start_date,
    startTime: '09:00',
    endTime: '10:30',
    holidays: noHolidays,
  }));
  const branchOf = new Map(plans.map((p) => [p.id, p.branchId]));
  const places = (
    await selectRows<{ company_id: number; group_id: number; student_id: number; created_date: string }>(
      db,
      sql`select company_id::int, group_id::int, student_id::int, created_date::text
        from group_students where company_id = any(${ids}::bigint[]) order by company_id, student_id`,
    )
  ).map(
    (row): Place => ({
      companyId: row.company_id,
      branchId: branchOf.get(row.group_id) as number,
      groupId: row.group_id,
      studentId: row.student_id,
      joined: row.created_date,
    }),
  );
  const cashiers = await selectRows<{ company_id: number; id: number }>(
    db,
    sql`select company_id::int, id::int from users
      where company_id = any(${ids}::bigint[]) and ${Role.cashier} = any(roles)`,
  );
  return { plans, places, authorOf: new Map(cashiers.map((c) => [c.company_id, c.id])) };
}
