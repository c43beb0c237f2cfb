import {
  GroupStatus,
  HistoryEvent,
  localDate,
  STUDENT_STATUS_IDS,
  STUDENT_STATUS_TRANSITIONS,
  StudentStatus,
} from '@crm/contracts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createArchiveReason } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from './groups-test-world.js';
import { settleStudentMoney } from './money-hooks.js';

// The finance issue implements the hook; here we only see that it is called where money would move.
vi.mock('./money-hooks.js', () => ({ settleStudentMoney: vi.fn(async () => {}) }));
const money = vi.mocked(settleStudentMoney);

const { app, database } = await openTestApp();
let w: GroupsWorld;
let reason: number;
let slot = 0;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  reason = await createArchiveReason(database.db, w.company.id, 'Moved away');
});
beforeEach(() => money.mockClear());

/** A running group of its own (no room, teacher B, a time no other test uses). */
async function newGroup(status: number = GroupStatus.active) {
  slot++;
  return createGroupRow(database.db, w.company.id, {
    branchId: w.main,
    courseId: w.english,
    teacherId: w.teachers.b,
    name: `Group ${slot}`,
    status,
  });
}

const newStudent = () =>
  createStudent(database.db, w.company.id, { name: `Student ${nextPhone()}`, phone: nextPhone(), branchIds: [w.main] });

const setStatus = (group: number, student: number, status: number, query = '') =>
  w.api(w.tokens.admin, 'PUT', `/group/${group}/student/${student}/${status}${query}`);

describe('adding a student', () => {
  it('adds a trial student (status 1) on the given day and records it', async () => {
    const group = await newGroup();
    const student = w.students[0]!;
    const res = await w.api(w.tokens.admin, 'POST', `/group/${group}/students/${student}`, {
      created_date: '2025-09-01',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      student: { id: student, name: 'Aziz Student' },
      group_id: group,
      created_date: '2025-09-01',
      student_status: StudentStatus.inactive,
      exception_sum: null,
    });
    const list = await w.api(w.tokens.admin, 'GET', `/group/${group}/students`);
    expect(list.body.data).toHaveLength(1);
    const history = await w.api(w.tokens.admin, 'GET', `/group/${group}/history`);
    expect(history.body.data[0]).toMatchObject({
      type: HistoryEvent.studentAddedToGroup,
      data: { student_id: student, student_name: 'Aziz Student' },
    });
  });

  it('defaults the day to today and takes no body at all', async () => {
    const group = await newGroup();
    const res = await w.api(w.tokens.admin, 'POST', `/group/${group}/students/${w.students[1]}`);
    expect(res.status).toBe(200);
    expect(res.body.data.created_date).toBe(localDate());
  });

  it('refuses a user who is not a student (not_a_student)', async () => {
    const group = await newGroup();
    for (const userId of [w.teachers.a, w.company.users.admin.id, 999_999]) {
      const res = await w.api(w.tokens.admin, 'POST', `/group/${group}/students/${userId}`, {});
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('not_a_student');
    }
  });

  it('refuses a student already in the group, saying when he is in its archive (spec §8)', async () => {
    const group = await newGroup();
    const [present, gone] = [await newStudent(), await newStudent()];
    await addStudentToGroupRow(database.db, w.company.id, group, present, { status: StudentStatus.active });
    await addStudentToGroupRow(database.db, w.company.id, group, gone, { status: StudentStatus.archived });
    const again = await w.api(w.tokens.admin, 'POST', `/group/${group}/students/${present}`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'student_already_in_group',
      details: { student_status: StudentStatus.active, archived: false },
    });
    const archived = await w.api(w.tokens.admin, 'POST', `/group/${group}/students/${gone}`, {});
    expect(archived.status).toBe(409);
    expect(archived.body.error.details).toEqual({ student_status: StudentStatus.archived, archived: true });
  });

  it('refuses to add to an archived group, and refuses a teacher (403)', async () => {
    const closed = await newGroup(GroupStatus.archive);
    const res = await w.api(w.tokens.admin, 'POST', `/group/${closed}/students/${w.students[0]}`, {});
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'group_id', rule: 'group_closed' }));
    const group = await newGroup();
    expect((await w.api(w.tokens.teacher, 'POST', `/group/${group}/students/${w.students[0]}`, {})).status).toBe(403);
    expect((await w.api(w.tokens.limitedAdmin, 'POST', `/group/${group}/students/${w.students[0]}`, {})).status).toBe(
      403,
    );
  });
});

describe('student statuses (spec §4)', () => {
  const pairs = STUDENT_STATUS_IDS.flatMap((from) => STUDENT_STATUS_IDS.map((to) => [from, to] as const));

  it.each(pairs)('from %i to %i: allowed exactly when the transition table says so', async (from, to) => {
    const group = await newGroup();
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, group, student, { status: from });
    const res = await setStatus(group, student, to, to === StudentStatus.archived ? `?reason_id=${reason}` : '');
    if (STUDENT_STATUS_TRANSITIONS[from].includes(to)) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.student_status).toBe(to);
    } else {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details[0]).toMatchObject({ field: 'status', rule: 'invalid_transition', from, to });
    }
  });

  it('archives with a reason and a comment, then restores to trial clearing them', async () => {
    const group = await newGroup();
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, group, student, { status: StudentStatus.active });
    const archived = await setStatus(
      group,
      student,
      StudentStatus.archived,
      `?reason_id=${reason}&comment=Relocated&return_the_money=1`,
    );
    expect(archived.body.data).toMatchObject({
      student_status: StudentStatus.archived,
      left_date: localDate(),
      archive_reason: { id: reason, name: 'Moved away' },
      archive_comment: 'Relocated',
    });
    expect(money).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      expect.objectContaining({ kind: 'archive', groupId: group, studentId: student, returnTheMoney: true }),
    );
    const restored = await setStatus(group, student, StudentStatus.inactive);
    expect(restored.body.data).toMatchObject({
      student_status: 1,
      left_date: null,
      archive_reason: null,
      archive_comment: null,
    });
    const history = await w.api(
      w.tokens.admin,
      'GET',
      `/group/${group}/history?type=${HistoryEvent.studentStatusChanged}`,
    );
    expect(history.body.data.map((e: { data: { from: number; to: number } }) => [e.data.from, e.data.to])).toEqual([
      [6, 1],
      [5, 6],
    ]);
  });

  it('needs a reason or a comment to archive, and a reason of this company', async () => {
    const group = await newGroup();
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, group, student, { status: StudentStatus.active });
    const bare = await setStatus(group, student, StudentStatus.archived);
    expect(bare.body.error.details).toContainEqual(expect.objectContaining({ field: 'reason_id', rule: 'required' }));
    const unknown = await setStatus(group, student, StudentStatus.archived, '?reason_id=999999');
    expect(unknown.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'reason_id', rule: 'not_found' }),
    );
    expect((await setStatus(group, student, StudentStatus.archived, '?comment=Graduated')).status).toBe(200);
  });

  it('hands activation to finance with recalculation_in_all_groups', async () => {
    const group = await newGroup();
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, group, student, { status: StudentStatus.cameToTrial });
    await setStatus(group, student, StudentStatus.active, '?recalculation_in_all_groups=true');
    expect(money).toHaveBeenCalledTimes(1);
    expect(money.mock.calls[0]![2]).toEqual({
      kind: 'activation',
      groupId: group,
      studentId: student,
      recalculationInAllGroups: true,
    });
  });

  it('answers 404 student_not_in_group for a student who is not in the group', async () => {
    const group = await newGroup();
    const res = await setStatus(group, w.students[3]!, StudentStatus.frozen);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('student_not_in_group');
    expect((await setStatus(group, w.students[3]!, 9)).status).toBe(400);
  });

  it('deletes a student from a group', async () => {
    const group = await newGroup();
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, group, student, { status: StudentStatus.active });
    const res = await w.api(w.tokens.admin, 'DELETE', `/group/${group}/student/${student}`);
    expect(res.body).toEqual({ ok: true, capacity: { students: 0, capacity: null, full: false } });
    expect((await w.api(w.tokens.admin, 'GET', `/group/${group}/students`)).body.data).toEqual([]);
    expect((await w.api(w.tokens.admin, 'DELETE', `/group/${group}/student/${student}`)).status).toBe(404);
  });
});

describe('moving a student to another group', () => {
  it('archives him in the old group, adds him to the new one and records the move in both', async () => {
    const [from, to] = [await newGroup(), await newGroup()];
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, from, student, { status: StudentStatus.active });
    const res = await w.api(w.tokens.admin, 'POST', `/student/${student}/group/${from}/transfer/${to}`, {
      created_date: '2025-10-01',
      return_the_money: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.from).toMatchObject({
      group_id: from,
      student_status: StudentStatus.archived,
      left_date: '2025-10-01',
    });
    expect(res.body.to).toMatchObject({
      group_id: to,
      student_status: StudentStatus.active,
      created_date: '2025-10-01',
    });
    expect(money.mock.calls[0]![2]).toEqual({
      kind: 'transfer',
      studentId: student,
      fromGroupId: from,
      toGroupId: to,
      returnTheMoney: true,
      date: '2025-10-01',
    });
    for (const group of [from, to]) {
      const history = await w.api(w.tokens.admin, 'GET', `/group/${group}/history?type=${HistoryEvent.studentMoved}`);
      expect(history.body.data[0].data).toMatchObject({ from_group_id: from, to_group_id: to, student_id: student });
    }
  });

  it('takes the status given for the new group', async () => {
    const [from, to] = [await newGroup(), await newGroup()];
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, from, student, { status: StudentStatus.active });
    const res = await w.api(w.tokens.admin, 'POST', `/student/${student}/group/${from}/transfer/${to}`, {
      student_status: StudentStatus.inactive,
    });
    expect(res.body.to.student_status).toBe(StudentStatus.inactive);
    const bad = await w.api(w.tokens.admin, 'POST', `/student/${student}/group/${to}/transfer/${from}`, {
      student_status: StudentStatus.archived,
    });
    expect(bad.status).toBe(400);
  });

  it('refuses the same group, a student who already left, and a group he is already in', async () => {
    const [from, to] = [await newGroup(), await newGroup()];
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, from, student, { status: StudentStatus.active });
    await addStudentToGroupRow(database.db, w.company.id, to, student, { status: StudentStatus.frozen });
    const same = await w.api(w.tokens.admin, 'POST', `/student/${student}/group/${from}/transfer/${from}`, {});
    expect(same.body.error.details).toContainEqual(expect.objectContaining({ rule: 'same_group' }));
    const already = await w.api(w.tokens.admin, 'POST', `/student/${student}/group/${from}/transfer/${to}`, {});
    expect(already.status).toBe(409);
    expect(already.body.error.code).toBe('student_already_in_group');
    const stranger = await w.api(w.tokens.admin, 'POST', `/student/${w.students[4]}/group/${from}/transfer/${to}`, {});
    expect(stranger.status).toBe(404);
    expect(money).not.toHaveBeenCalled();
  });
});

describe('individual price', () => {
  it('sets and removes an individual price within one year (spec §5)', async () => {
    const group = await newGroup();
    const student = await newStudent();
    await addStudentToGroupRow(database.db, w.company.id, group, student, { status: StudentStatus.active });
    const url = `/group/${group}/user/${student}/exception`;
    const price = {
      exception_sum: 350_000,
      exception_sum_reason: 'Sibling discount',
      exception_sum_start_date: '2026-01-01',
      exception_sum_end_date: '2026-12-31',
    };
    const set = await w.api(w.tokens.admin, 'PUT', url, price);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject(price);

    const crossYear = await w.api(w.tokens.admin, 'PUT', url, { ...price, exception_sum_end_date: '2027-01-31' });
    expect(crossYear.status).toBe(400);
    expect(crossYear.body.error.code).toBe('exception_dates_same_year');
    const backwards = await w.api(w.tokens.admin, 'PUT', url, { ...price, exception_sum_end_date: '2025-12-31' });
    expect(backwards.body.error.code).toBe('exception_dates_same_year');
    const reversed = await w.api(w.tokens.admin, 'PUT', url, {
      ...price,
      exception_sum_start_date: '2026-06-01',
      exception_sum_end_date: '2026-05-01',
    });
    expect(reversed.body.error.details).toContainEqual(expect.objectContaining({ rule: 'end_before_start' }));
    const negative = await w.api(w.tokens.admin, 'PUT', url, { ...price, exception_sum: -1 });
    expect(negative.status).toBe(400);

    const removed = await w.api(w.tokens.admin, 'DELETE', url);
    expect(removed.body.data).toMatchObject({ exception_sum: null, exception_sum_start_date: null });
    const history = await w.api(w.tokens.admin, 'GET', `/group/${group}/history`);
    expect(history.body.data.map((e: { type: number }) => e.type).slice(0, 2)).toEqual([
      HistoryEvent.individualPriceRemoved,
      HistoryEvent.individualPriceSet,
    ]);
  });
});

describe('students who left', () => {
  it('lists students who left in a period with the reason, and transfers only on request', async () => {
    const left = await createGroupsWorld(app, database.db);
    const r = await createArchiveReason(database.db, left.company.id, 'Too expensive');
    const base = { branchId: left.main, courseId: left.english, teacherId: left.teachers.a };
    const [g1, g2] = [
      await createGroupRow(database.db, left.company.id, { ...base, name: 'One' }),
      await createGroupRow(database.db, left.company.id, {
        ...base,
        name: 'Two',
        startTime: '12:00',
        endTime: '13:00',
      }),
    ];
    const [quitter, mover, early] = left.students as [number, number, number];
    const add = (g: number, s: number, spec: Parameters<typeof addStudentToGroupRow>[4]) =>
      addStudentToGroupRow(database.db, left.company.id, g, s, spec);
    await add(g1, quitter, {
      status: StudentStatus.archived,
      leftDate: '2025-05-10',
      archiveReasonId: r,
      archiveComment: 'Price',
    });
    await add(g1, mover, { status: StudentStatus.archived, leftDate: '2025-05-12' });
    await add(g2, mover, { status: StudentStatus.active, createdDate: '2025-05-12' });
    await add(g2, early, { status: StudentStatus.archived, leftDate: '2025-01-05', archiveComment: 'Moved city' });

    const list = (query: string, token = left.tokens.admin) => left.api(token, 'GET', `/user/left_group?${query}`);
    const may = await list('date_start=2025-05-01&date_end=2025-05-31');
    expect(may.status).toBe(200);
    expect(may.body.data).toEqual([
      expect.objectContaining({
        student: expect.objectContaining({ id: quitter }),
        group: { id: g1, title: 'One' },
        course: { id: left.english, name: 'English' },
        teacher: { id: left.teachers.a, name: 'Anvar Teacher' },
        left_date: '2025-05-10',
        reason: { id: r, name: 'Too expensive' },
        comment: 'Price',
        moved_to: null,
      }),
    ]);
    const withMoves = await list('date_start=2025-05-01&date_end=2025-05-31&include_moved=1');
    expect(withMoves.body.data.map((row: { moved_to: unknown }) => row.moved_to)).toEqual([
      { id: g2, title: 'Two' },
      null,
    ]);
    expect((await list('')).body.pagination.total).toBe(2);
    expect((await list(`reason_id=${r}`)).body.data).toHaveLength(1);
    expect((await list('search=Charos')).body.data).toHaveLength(1);
    // Spec §6 left-students: administrators, not teachers or branch directors.
    expect((await list('', left.tokens.teacher)).status).toBe(403);
  });
});

describe('an archived user (users.archived_at) in groups', () => {
  it('drops out of the student list, student_count and capacity, and a restore brings him back', async () => {
    const group = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.english,
      teacherId: w.teachers.b,
      roomId: w.rooms.small,
      name: 'Archive check',
    });
    const [stays, leaves] = [await newStudent(), await newStudent()];
    await addStudentToGroupRow(database.db, w.company.id, group, stays, { status: StudentStatus.active });
    await addStudentToGroupRow(database.db, w.company.id, group, leaves, { status: StudentStatus.frozen });
    const look = async () => {
      const list = await w.api(w.tokens.admin, 'GET', `/group/${group}/students`);
      const one = await w.api(w.tokens.admin, 'GET', `/group/${group}`);
      const page = await w.api(w.tokens.admin, 'GET', `/group?per_page=500`);
      return {
        ids: list.body.data.map((row: { student: { id: number } }) => row.student.id).sort(),
        listCapacity: list.body.capacity,
        count: one.body.student_count,
        capacity: one.body.capacity,
        inList: page.body.data.find((g: { id: number }) => g.id === group)?.student_count,
      };
    };
    const full = { students: 2, capacity: 2, full: true };
    expect(await look()).toEqual({
      ids: [stays, leaves].sort(),
      listCapacity: full,
      count: 2,
      capacity: full,
      inList: 2,
    });

    expect((await w.api(w.tokens.admin, 'DELETE', `/user/${leaves}`)).status).toBe(200);
    const one = { students: 1, capacity: 2, full: false };
    expect(await look()).toEqual({ ids: [stays], listCapacity: one, count: 1, capacity: one, inList: 1 });
    // The answer to a change of the group's students counts the same way.
    const frozen = await setStatus(group, stays, StudentStatus.frozen);
    expect(frozen.body.capacity).toEqual(one);

    expect((await w.api(w.tokens.admin, 'POST', `/user/${leaves}/restore`)).status).toBe(200);
    expect(await look()).toEqual({
      ids: [stays, leaves].sort(),
      listCapacity: full,
      count: 2,
      capacity: full,
      inList: 2,
    });
    // His place came back as it was: same status, not archived in the group.
    const list = await w.api(w.tokens.admin, 'GET', `/group/${group}/students`);
    expect(list.body.data.find((row: { student: { id: number } }) => row.student.id === leaves)).toMatchObject({
      student_status: StudentStatus.frozen,
      left_date: null,
    });
  });
});
