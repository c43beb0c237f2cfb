import type { Dataset } from '../dataset/index.js';
import { heldLessons } from '../dataset/marks.js';
import { calendarReads, companySettings } from './shared-sql.js';
import { type LoadScenario, nth, q } from './types.js';

/**
 * Spec §7 GET /attendance_report/: every student of a branch with his visits, absences and
 * misses over last month's held lessons (reports/attendance-report.ts): the branch's groups,
 * one lesson-calendar load, the places, and one aggregate over the month's marks joined to
 * the held lessons.
 */
export const attendanceReport = (d: Dataset): LoadScenario => {
  const { from, till } = d.lastMonth;
  // The held lessons of each branch's groups, as the service computes them from the lesson calendar.
  const branches = d.branchIds.map((branchId) => {
    const groups = d.groups.filter((g) => g.branchId === branchId && g.startDate <= till);
    const heldDays = new Map(groups.map((g) => [g.id, heldLessons(g, from, till).map((lesson) => lesson.date)]));
    const held = [...heldDays].flatMap(([groupId, days]) => days.map((day) => ({ groupId, day })));
    // Each place's stay as the service passes it: its first and last held lesson of the month (the dataset's
    // students never leave).
    const stays = d.places.flatMap((p) => {
      const days = (heldDays.get(p.groupId) ?? []).filter((day) => day >= p.joined);
      return days.length ? [{ groupId: p.groupId, studentId: p.studentId, first: days[0], last: days.at(-1) }] : [];
    });
    const list = (values: unknown[]) => `{${values.join(',')}}`;
    return {
      branchId,
      groupIds: groups.map((g) => g.id),
      held: { groups: list(held.map((h) => h.groupId)), days: list(held.map((h) => h.day)) },
      stays: {
        groups: list(stays.map((s) => s.groupId)),
        students: list(stays.map((s) => s.studentId)),
        firsts: list(stays.map((s) => s.first)),
        lasts: list(stays.map((s) => s.last)),
      },
    };
  });
  const perBranch = Math.round(d.places.length / d.branchIds.length).toLocaleString('en');
  return {
    kind: 'load',
    name: 'attendance report',
    what: `GET /attendance_report/?branch_id&from=${from}&till=${till}&per_page=50: a branch's attendance report of a month (${perBranch} students a branch)`,
    actor: 'admin',
    concurrency: 20,
    requests: 300,
    request: (i) => ({
      method: 'GET',
      path: `/api/v1/attendance_report/?branch_id=${nth(d.branchIds, i, 1)}&from=${from}&till=${till}&per_page=50`,
    }),
    sql: (i) => {
      const branch = nth(branches, i, 1);
      const cid = d.company.id;
      const ids = `{${branch.groupIds.join(',')}}`;
      return [
        companySettings(cid),
        q`select g.*, c.name as course_name, t.name as teacher_name
          from groups g
          join courses c on c.company_id = g.company_id and c.id = g.course_id
          join users t on t.company_id = g.company_id and t.id = g.teacher_id
          where g.company_id = ${cid} and g.branch_id = ${branch.branchId} and g.start_date <= ${till}::date
            and (g.end_date is null or g.end_date >= ${from}::date)`,
        ...calendarReads(cid, branch.groupIds, from, till),
        q`select gs.group_id, gs.status, gs.created_date, gs.left_date, u.id, u.name, u.phone
          from group_students gs join users u on u.company_id = gs.company_id and u.id = gs.student_id
          where gs.company_id = ${cid} and gs.group_id = any(${ids}::bigint[]) and gs.created_date <= ${till}::date
            and (gs.left_date is null or gs.left_date >= ${from}::date)`,
        q`select a.group_id, a.student_id, a.status, count(*)
          from attendances a
          join unnest(${branch.held.groups}::bigint[], ${branch.held.days}::date[]) as held(group_id, day)
            on held.group_id = a.group_id and held.day = a.attend_date
          join unnest(${branch.stays.groups}::bigint[], ${branch.stays.students}::bigint[],
              ${branch.stays.firsts}::date[], ${branch.stays.lasts}::date[]) as stay(group_id, student_id, first_day, last_day)
            on stay.group_id = a.group_id and stay.student_id = a.student_id
              and a.attend_date between stay.first_day and stay.last_day
          where a.company_id = ${cid} and a.group_id = any(${ids}::bigint[])
            and a.attend_date between ${from}::date and ${till}::date
          group by a.group_id, a.student_id, a.status`,
      ];
    },
    targets: { p95Ms: 100 },
  };
};
