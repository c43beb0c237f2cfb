import type { Dataset } from '../dataset/index.js';
import { calendarReads, companySettings, groupInBranches, historyEvent } from './shared-sql.js';
import { type LoadScenario, nth, q } from './types.js';

/** Spec §7 GET /group/{id}/attendance/{from}/{till}: a group's register of last month (lessons/attendance-service.ts). */
export const attendanceMonth = (d: Dataset): LoadScenario => {
  const { from, till } = d.lastMonth;
  return {
    kind: 'load',
    name: 'attendance month',
    what: `GET /group/{id}/attendance/${from}/${till}?withAttendance=1: a group's register of a month (lesson calendar, students, marks)`,
    actor: 'admin',
    concurrency: 20,
    requests: 2_000,
    request: (i) => ({
      method: 'GET',
      path: `/api/v1/group/${nth(d.groups, i).id}/attendance/${from}/${till}?withAttendance=1`,
    }),
    sql: (i) => {
      const group = nth(d.groups, i);
      const cid = d.company.id;
      return [
        groupInBranches(cid, group.id, d.branchIds),
        ...calendarReads(cid, [group.id], from, till),
        q`select u.id, u.name, gs.status, gs.created_date, gs.left_date
          from group_students gs join users u on u.company_id = gs.company_id and u.id = gs.student_id
          where gs.company_id = ${cid} and gs.group_id = ${group.id} and gs.created_date <= ${till}::date
            and (gs.left_date is null or gs.left_date >= ${from}::date)
          order by u.name, u.id`,
        q`select student_id, attend_date, status from attendances
          where company_id = ${cid} and group_id = ${group.id} and attend_date between ${from}::date and ${till}::date`,
        companySettings(cid),
        // lessonNamer: the names of the lessons' teachers.
        q`select id, name from users where company_id = ${cid} and id in (${group.teacherId})`,
      ];
    },
    targets: { p95Ms: 50 },
  };
};

/** Spec §7 POST /attendance: one student's mark for today's lesson of his group (a write). */
export const markAttendance = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'mark attendance',
  what: "POST /attendance: a student's mark for today's lesson, a different student each time (checks, upsert, history)",
  actor: 'admin',
  concurrency: 20,
  requests: 2_000,
  request: (i) => {
    const place = nth(d.todayPlaces, i);
    const body = { student_id: place.studentId, group_id: place.groupId, date: d.today, status: i % 7 === 0 ? 0 : 1 };
    return { method: 'POST', path: '/api/v1/attendance', body: JSON.stringify(body) };
  },
  sql: (i) => {
    const place = nth(d.todayPlaces, i);
    const cid = d.company.id;
    const status = i % 7 === 0 ? 0 : 1;
    return [
      groupInBranches(cid, place.groupId, d.branchIds),
      ...calendarReads(cid, [place.groupId], d.today, d.today),
      companySettings(cid),
      q`select gs.student_id, gs.created_date, gs.left_date, gs.status, u.archived_at is not null as archived
        from group_students gs join users u on u.company_id = gs.company_id and u.id = gs.student_id
        where gs.company_id = ${cid} and gs.group_id = ${place.groupId} and gs.student_id in (${place.studentId})`,
      q`insert into attendances (company_id, group_id, attend_date, student_id, status, marked_by)
        values (${cid}, ${place.groupId}, ${d.today}::date, ${place.studentId}, ${status}, ${d.company.ownerId})
        on conflict (company_id, group_id, attend_date, student_id)
        do update set status = excluded.status, marked_by = excluded.marked_by, marked_at = now()`,
      historyEvent(cid, 'attendanceMarked', 'group', place.groupId, place.branchId, d.company.ownerId, {
        student_id: place.studentId,
        date: d.today,
        status,
      }),
    ];
  },
});
