import { addDays, GroupStatus, Role, StudentStatus } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../db/client.js';
import { groupStudents } from '../db/schema/index.js';
import { companyTime } from '../modules/lessons/company-time.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany } from './factories.js';

/** Departures added to each group that has run for months, spread over the last half-year. */
const LEAVERS_PER_GROUP = 3;

/** One status change of the timeline, as the database's trigger would have written it. */
interface Change {
  groupId: number;
  studentId: number;
  from: number;
  to: number;
  /** The day it took effect. */
  day: string;
  /** Archiving names its day (the left date), as the trigger does. */
  effective: boolean;
}

/**
 * What the performance pages need beyond the demo's groups (docs/reports.md "Performance"): the demo
 * writes places with their final status and no status timeline, and its departures all fall in the
 * last weeks with one reason. This adds (1) the timeline of the recent joiners who pay — trial first,
 * paying a few days later — so this month's conversion is a real one, and (2) students who paid for
 * a while and left each group that has run for months, one every month or two over the last half-year,
 * with the centre's reasons in turn, so retention, the reasons and the activity by month are not flat.
 */
export async function seedPerformanceDemo(db: Db, company: CreatedCompany): Promise<void> {
  const companyId = company.id;
  await inCompany(db, companyId, async (tx) => {
    const { today, timeZone } = await companyTime(tx, companyId, new Date());
    const changes: Change[] = await recentActivations(tx, companyId, today);
    changes.push(...(await pastLeavers(tx, companyId, today)));
    if (!changes.length) return;
    // Noon of the day in the company's zone: its company-local day is the day meant.
    await tx.execute(sql`insert into group_student_status_changes
        (company_id, group_id, student_id, from_status, to_status, effective_date, changed_at)
      select ${companyId}, c.group_id, c.student_id, c.from_status, c.to_status,
        case when c.effective then c.day end, (c.day + time '12:00') at time zone ${timeZone}
      from jsonb_to_recordset(${JSON.stringify(
        changes.map((c) => ({
          group_id: c.groupId,
          student_id: c.studentId,
          from_status: c.from,
          to_status: c.to,
          day: c.day,
          effective: c.effective,
        })),
      )}::jsonb) as c(group_id bigint, student_id bigint, from_status smallint, to_status smallint, day date, effective boolean)`);
  });
}

/** Paying places that joined in the last 45 days: on trial when they joined, paying from a few days later. */
async function recentActivations(tx: Tx, companyId: number, today: string): Promise<Change[]> {
  const rows = await selectRows<{ group_id: number; student_id: number; created: string }>(
    tx,
    sql`select gs.group_id::int as group_id, gs.student_id::int as student_id, gs.created_date::text as created
      from group_students gs
      where gs.company_id = ${companyId} and gs.status = ${StudentStatus.active}
        and gs.created_date > ${today}::date - 45
      order by gs.group_id, gs.student_id`,
  );
  return rows.map((row, index) => {
    const paid = addDays(row.created, 2 + (index % 5));
    return {
      groupId: row.group_id,
      studentId: row.student_id,
      from: StudentStatus.inactive,
      to: StudentStatus.active,
      day: paid > today ? today : paid,
      effective: false,
    };
  });
}

/**
 * Students of the group's branch who had no place in it join some weeks after it started, pay, and
 * leave with a reason: the k-th of a group leaves about k + 1 months ago (never before a fortnight in
 * the group). Their places are written archived, with the timeline that got them there.
 */
async function pastLeavers(tx: Tx, companyId: number, today: string): Promise<Change[]> {
  const groups = await selectRows<{ id: number; branch_id: number; start: string }>(
    tx,
    sql`select id::int as id, branch_id::int as branch_id, start_date::text as start from groups
      where company_id = ${companyId} and status in (${GroupStatus.active}, ${GroupStatus.completed})
        and start_date <= ${today}::date - 100
      order by id`,
  );
  const reasons = await selectRows<{ id: number }>(
    tx,
    sql`select id::int as id from archive_reasons where company_id = ${companyId} and active order by id`,
  );
  const students = await selectRows<{ id: number; branch_id: number; groups: number[] }>(
    tx,
    sql`select u.id::int as id, ub.branch_id::int as branch_id,
        coalesce(array_agg(gs.group_id::int) filter (where gs.group_id is not null), '{}') as groups
      from users u
      join user_branches ub on ub.company_id = u.company_id and ub.user_id = u.id
      left join group_students gs on gs.company_id = u.company_id and gs.student_id = u.id
      where u.company_id = ${companyId} and ${Role.student} = any(u.roles) and u.archived_at is null
      group by u.id, ub.branch_id order by u.id`,
  );
  if (!groups.length || !reasons.length) return [];

  const places: (typeof groupStudents.$inferInsert)[] = [];
  const changes: Change[] = [];
  let cursor = 0;
  for (const [g, group] of groups.entries()) {
    const candidates = students.filter((s) => s.branch_id === group.branch_id && !s.groups.includes(group.id));
    for (let k = 0; k < LEAVERS_PER_GROUP && candidates.length; k++) {
      const student = candidates[(cursor++ * 7) % candidates.length];
      if (!student || places.some((p) => p.groupId === group.id && p.studentId === student.id)) continue;
      const left = addDays(today, -(k * 45 + ((g * 11) % 30) + 1));
      const joined = addDays(left, -(40 + (((g + k) * 13) % 60)));
      if (joined < group.start || addDays(joined, 14) > left) continue;
      const reason = reasons[(g + k) % reasons.length]!;
      places.push({
        companyId,
        groupId: group.id,
        studentId: student.id,
        createdDate: joined,
        status: StudentStatus.archived,
        leftDate: left,
        archiveReasonId: reason.id,
      });
      const place = { groupId: group.id, studentId: student.id };
      changes.push(
        { ...place, from: StudentStatus.inactive, to: StudentStatus.active, day: addDays(joined, 3), effective: false },
        { ...place, from: StudentStatus.active, to: StudentStatus.archived, day: left, effective: true },
      );
    }
  }
  if (places.length) await tx.insert(groupStudents).values(places);
  return changes;
}
