import { addMonths, GroupStatus, HistoryEvent, localDate, Role, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createTeacher } from '../../seed/users-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from './groups-test-world.js';
import { courseEndDate } from './service.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
});

const daysFromToday = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return localDate(d);
};

describe('creating a group', () => {
  it('answers the group with course, teacher, room, generated code and derived end date', async () => {
    const start = '2031-02-10';
    const res = await w.api(
      w.tokens.admin,
      'POST',
      '/group',
      w.groupBody({ start_date: start, start_time: '07:00', end_time: '08:00' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: null,
      code: expect.stringMatching(/^ENG-\d+$/),
      branch_id: w.main,
      course: { id: w.english, name: 'English', price: 500_000, lesson_duration: 90, course_duration: 6 },
      teacher: { id: w.teachers.a, name: 'Anvar Teacher' },
      room: { id: w.rooms.a, name: 'Room A', capacity: 12 },
      day_type: 'odd',
      days: [1, 3, 5],
      exact_days: null,
      start_time: '07:00',
      end_time: '08:00',
      start_date: start,
      // Six months of the course: the day before the same date six months later.
      end_date: '2031-08-09',
      // Not started yet: still gathering students.
      status: GroupStatus.selection,
      student_count: 0,
      capacity: { students: 0, capacity: 12, full: false },
    });
    // Spec §5 "Group title optional": the title falls back to the code.
    expect(res.body.title).toBe(res.body.code);

    const second = await w.api(
      w.tokens.admin,
      'POST',
      '/group',
      w.groupBody({ name: '  Evening IELTS ', start_time: '20:00', end_time: '21:00' }),
    );
    expect(second.body.title).toBe('Evening IELTS');
    const n = Number(res.body.code.split('-')[1]);
    expect(second.body.code).toBe(`ENG-${n + 1}`);
    expect(second.body.status).toBe(GroupStatus.active);

    const history = await w.api(w.tokens.admin, 'GET', `/group/${res.body.id}/history`);
    expect(history.body.data.map((e: { type: number }) => e.type)).toEqual([HistoryEvent.groupCreated]);
  });

  it("takes 'other' days as given and keeps no end date for a course without a duration", async () => {
    const res = await w.api(
      w.tokens.admin,
      'POST',
      '/group',
      w.groupBody({
        course_id: w.math,
        day_type: 'other',
        exact_days: [7, 2, 2],
        start_time: '06:00',
        end_time: '06:45',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: expect.stringMatching(/^MATH-\d+$/),
      days: [2, 7],
      exact_days: [2, 7],
      end_date: null,
    });
  });

  it.each([
    [{ end_time: '08:30' }, 'end_time', 'end_before_start'],
    [{ end_time: '09:00' }, 'end_time', 'end_before_start'],
    [{ day_type: 'other' }, 'exact_days', 'required'],
    [{ day_type: 'other', exact_days: [] }, 'exact_days', 'required'],
    // The company steps by five minutes (the default).
    [{ start_time: '09:03' }, 'start_time', 'time_step'],
    [{ end_time: '10:31' }, 'end_time', 'time_step'],
    [{ start_time: '9:00' }, 'start_time', 'invalid_format'],
    [{ start_date: '2025-02-30' }, 'start_date', 'invalid_format'],
    [{ start_date: '2025-03-01', end_date: '2025-02-01' }, 'end_date', 'end_before_start'],
    [{ day_type: 'sometimes' }, 'day_type', 'invalid_value'],
    [{ course_id: 999_999 }, 'course_id', 'not_found'],
    [{ room_id: 999_999 }, 'room_id', 'not_found'],
  ])('refuses %j naming the field', async (override, field, rule) => {
    const res = await w.api(w.tokens.admin, 'POST', '/group', w.groupBody(override));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('refuses a room of another branch', async () => {
    const res = await w.api(w.tokens.admin, 'POST', '/group', w.groupBody({ room_id: w.rooms.north }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field: 'room_id' }));
  });

  it('refuses a teacher who is not a working teacher of the branch (not_a_teacher)', async () => {
    const archived = await createTeacher(database.db, w.company.id, {
      name: 'Gone Teacher',
      phone: nextPhone(),
      branchIds: [w.main],
      archived: true,
    });
    for (const teacherId of [w.teachers.north, w.students[0], archived, w.company.users.admin.id]) {
      const res = await w.api(w.tokens.admin, 'POST', '/group', w.groupBody({ teacher_id: teacherId }));
      expect(res.status, String(teacherId)).toBe(400);
      expect(res.body.error.code).toBe('not_a_teacher');
    }
  });

  it('steps start times by 30 minutes when the company does not use the 5-minute step', async () => {
    const coarse = await createGroupsWorld(app, database.db, { lesson_start_time_step_five_minutes: false });
    const refused = await coarse.api(
      coarse.tokens.admin,
      'POST',
      '/group',
      coarse.groupBody({ start_time: '09:15', end_time: '10:45' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'start_time', rule: 'time_step', limit: 30 }),
    );
    const taken = await coarse.api(
      coarse.tokens.admin,
      'POST',
      '/group',
      coarse.groupBody({ start_time: '09:30', end_time: '10:45' }),
    );
    expect(taken.status).toBe(200);
  });

  it('is staff work: a teacher may not create, edit or archive a group (403)', async () => {
    const teacherBody = w.groupBody({ teacher_id: w.company.users.teacher.id, start_time: '05:00', end_time: '06:00' });
    expect((await w.api(w.tokens.teacher, 'POST', '/group', teacherBody)).status).toBe(403);
    const own = await w.createGroup(teacherBody);
    expect((await w.api(w.tokens.teacher, 'PUT', `/group/${own.id}`, { name: 'Mine' })).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'DELETE', `/group/${own.id}`)).status).toBe(403);
  });
});

describe('editing and archiving', () => {
  it('edits only the given fields and records before and after', async () => {
    const group = await w.createGroup({
      start_time: '11:00',
      end_time: '12:00',
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
    });
    const res = await w.api(w.tokens.admin, 'PUT', `/group/${group.id}`, { name: 'Morning', end_time: '12:30' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Morning',
      title: 'Morning',
      start_time: '11:00',
      end_time: '12:30',
      room: { id: w.rooms.b },
    });
    const history = await w.api(w.tokens.admin, 'GET', `/group/${group.id}/history`);
    const edited = history.body.data.find((e: { type: number }) => e.type === HistoryEvent.groupEdited);
    expect(edited.data).toMatchObject({
      before: { name: null, end_time: '12:00' },
      after: { name: 'Morning', end_time: '12:30' },
    });
  });

  it('re-derives the end date when the start date moves, and re-codes for a new course', async () => {
    const group = await w.createGroup({
      start_time: '12:30',
      end_time: '13:30',
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
    });
    const moved = await w.api(w.tokens.admin, 'PUT', `/group/${group.id}`, { start_date: '2030-01-01' });
    expect(moved.body.end_date).toBe(courseEndDate('2030-01-01', 6));
    const recoded = await w.api(w.tokens.admin, 'PUT', `/group/${group.id}`, { course_id: w.math });
    expect(recoded.body.code).toMatch(/^MATH-\d+$/);
  });

  it('archives on the first DELETE and deletes an archived group on the second (spec §4)', async () => {
    const group = await w.createGroup({
      start_time: '13:30',
      end_time: '14:30',
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
    });
    await addStudentToGroupRow(database.db, w.company.id, group.id, w.students[0]!, { status: StudentStatus.active });
    const first = await w.api(w.tokens.admin, 'DELETE', `/group/${group.id}`);
    expect(first.body).toEqual({ ok: true, result: 'archived' });
    expect((await w.api(w.tokens.admin, 'GET', `/group/${group.id}`)).body.status).toBe(GroupStatus.archive);
    const second = await w.api(w.tokens.admin, 'DELETE', `/group/${group.id}`);
    expect(second.body).toEqual({ ok: true, result: 'deleted' });
    expect((await w.api(w.tokens.admin, 'GET', `/group/${group.id}`)).status).toBe(404);
    expect((await w.api(w.tokens.admin, 'DELETE', `/group/${group.id}`)).status).toBe(404);

    const history = await w.api(w.tokens.owner, 'GET', `/company/${w.company.id}/history?entity=group`);
    const types = history.body.data
      .filter((e: { entity_id: number }) => e.entity_id === group.id)
      .map((e: { type: number }) => e.type);
    expect(types).toEqual(expect.arrayContaining([HistoryEvent.groupArchived, HistoryEvent.groupDeleted]));
  });
});

describe('the list', () => {
  let listWorld: GroupsWorld;
  let ids: Record<string, number>;

  beforeAll(async () => {
    listWorld = await createGroupsWorld(app, database.db);
    const x = listWorld;
    const base = { branchId: x.main, courseId: x.english, teacherId: x.teachers.a };
    ids = {
      odd: await createGroupRow(database.db, x.company.id, { ...base, name: 'Odd Alpha', roomId: x.rooms.a }),
      even: await createGroupRow(database.db, x.company.id, {
        ...base,
        name: 'Even Beta',
        dayType: 'even',
        teacherId: x.teachers.b,
      }),
      math: await createGroupRow(database.db, x.company.id, {
        ...base,
        name: 'Algebra',
        courseId: x.math,
        roomId: x.rooms.b,
      }),
      archived: await createGroupRow(database.db, x.company.id, { ...base, name: 'Old', status: GroupStatus.archive }),
      north: await createGroupRow(database.db, x.company.id, {
        ...base,
        name: 'Northern',
        branchId: x.north,
        teacherId: x.teachers.north,
      }),
    };
  });

  const titles = async (query: string, token = listWorld.tokens.admin) => {
    const res = await listWorld.api(token, 'GET', `/group?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { title: string }[]).map((g) => g.title).sort();
  };

  it('filters by branch, status, teacher, course, room, day type and name', async () => {
    expect(await titles(`branch_id=${listWorld.main}`)).toEqual(['Algebra', 'Even Beta', 'Odd Alpha']);
    expect(await titles(`branch_id=${listWorld.main}&status=3`)).toEqual(['Old']);
    expect(await titles(`teacher_id=${listWorld.teachers.b}`)).toEqual(['Even Beta']);
    expect(await titles(`course_id=${listWorld.math}`)).toEqual(['Algebra']);
    expect(await titles(`room_id=${listWorld.rooms.a}`)).toEqual(['Odd Alpha']);
    expect(await titles('day_type=even')).toEqual(['Even Beta']);
    expect(await titles('days=even')).toEqual(['Even Beta']);
    expect(await titles('name=alph')).toEqual(['Odd Alpha']);
    expect(await titles('name=math')).toEqual(['Algebra']);
    expect(await titles('')).toEqual(['Algebra', 'Even Beta', 'Northern', 'Odd Alpha']);
  });

  it('pages the list', async () => {
    const res = await listWorld.api(listWorld.tokens.admin, 'GET', '/group?per_page=2&page=2');
    expect(res.body.pagination).toMatchObject({ current_page: 2, per_page: 2, total: 4, total_pages: 2, count: 2 });
  });

  it('keeps an administrator to his branches', async () => {
    await createUser(database.db, listWorld.company.id, {
      name: 'Main admin',
      phone: '955555555',
      roles: [Role.admin],
      branchIds: [listWorld.main],
    });
    const mainAdmin = await loginAs(app, listWorld.sub, '955555555');
    const refused = await listWorld.api(mainAdmin, 'GET', `/group?branch_id=${listWorld.north}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('branch_forbidden');
    expect(await titles('', mainAdmin)).toEqual(['Algebra', 'Even Beta', 'Odd Alpha']);
    expect((await listWorld.api(mainAdmin, 'GET', `/group/${ids.north}`)).status).toBe(404);
    const create = await listWorld.api(
      mainAdmin,
      'POST',
      '/group',
      listWorld.groupBody({ branch_id: listWorld.north }),
    );
    expect(create.status).toBe(403);
  });

  it('shows a teacher only his own groups, and other groups not at all (404)', async () => {
    const x = listWorld;
    const own = await createGroupRow(database.db, x.company.id, {
      branchId: x.main,
      courseId: x.english,
      teacherId: x.company.users.teacher.id,
      name: 'Kamola group',
    });
    expect(await titles('', x.tokens.teacher)).toEqual(['Kamola group']);
    expect((await x.api(x.tokens.teacher, 'GET', `/group/${own}`)).status).toBe(200);
    expect((await x.api(x.tokens.teacher, 'GET', `/group/${ids.odd}`)).status).toBe(404);
    expect((await x.api(x.tokens.teacher, 'GET', `/group/${ids.odd}/students`)).status).toBe(404);
    expect((await x.api(x.tokens.teacher, 'GET', `/group/${own}/students`)).status).toBe(200);
  });

  it('lets a student see the groups he studies in, and only his own place in them', async () => {
    const x = listWorld;
    const studentId = x.company.users.student.id;
    await addStudentToGroupRow(database.db, x.company.id, ids.odd!, studentId, { status: StudentStatus.active });
    await addStudentToGroupRow(database.db, x.company.id, ids.odd!, x.students[1]!, { status: StudentStatus.active });
    expect((await x.api(x.tokens.student, 'GET', `/group/${ids.odd}`)).status).toBe(200);
    expect((await x.api(x.tokens.student, 'GET', `/group/${ids.even}`)).status).toBe(404);
    const students = await x.api(x.tokens.student, 'GET', `/group/${ids.odd}/students`);
    expect(students.body.data.map((s: { student: { id: number } }) => s.student.id)).toEqual([studentId]);
    // The list is not a student's screen (spec §6 group list).
    expect((await x.api(x.tokens.student, 'GET', '/group')).status).toBe(403);
  });

  it('exports the filtered list as an xlsx file', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/group/export?branch_id=${listWorld.main}&lang=ru`,
      headers: { host: `${listWorld.sub}.localhost`, authorization: `Bearer ${listWorld.tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('groups.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Группа');
    const names = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(1).value);
    // The same groups as the list with the same filters.
    expect(names.sort()).toEqual(await titles(`branch_id=${listWorld.main}&per_page=500`));
    expect(names).toContain('Algebra');
  });
});

describe('badges and capacity', () => {
  it('marks new, starting, ending and expired groups (spec §9)', async () => {
    const x = w;
    const base = { branchId: x.main, courseId: x.math, teacherId: x.teachers.b, startTime: '22:00', endTime: '22:30' };
    const make = (spec: Partial<typeof base> & { startDate: string; endDate?: string | null; status?: number }) =>
      createGroupRow(database.db, x.company.id, { ...base, ...spec });
    const fresh = await make({ startDate: daysFromToday(-3) });
    const future = await make({ startDate: daysFromToday(5), status: GroupStatus.selection });
    const ending = await make({ startDate: daysFromToday(-100), endDate: daysFromToday(4) });
    const expired = await make({ startDate: daysFromToday(-100), endDate: daysFromToday(-1) });
    const badges = async (id: number) => (await x.api(x.tokens.admin, 'GET', `/group/${id}`)).body.badges;
    expect(await badges(fresh)).toEqual({ is_new: true, starts_in_days: null, days_left: null, expired: false });
    expect(await badges(future)).toEqual({ is_new: false, starts_in_days: 5, days_left: null, expired: false });
    expect(await badges(ending)).toEqual({ is_new: false, starts_in_days: null, days_left: 4, expired: false });
    expect(await badges(expired)).toEqual({ is_new: false, starts_in_days: null, days_left: null, expired: true });
  });

  it('warns, without refusing, when the students fill the room (spec §5)', async () => {
    const group = await w.createGroup({ room_id: w.rooms.small, start_time: '14:30', end_time: '15:30' });
    const add = (student: number) => w.api(w.tokens.admin, 'POST', `/group/${group.id}/students/${student}`, {});
    expect((await add(w.students[0]!)).body.capacity).toEqual({ students: 1, capacity: 2, full: false });
    expect((await add(w.students[1]!)).body.capacity).toEqual({ students: 2, capacity: 2, full: true });
    const third = await add(w.students[2]!);
    expect(third.status).toBe(200);
    expect(third.body.capacity).toEqual({ students: 3, capacity: 2, full: true });
    const page = await w.api(w.tokens.admin, 'GET', `/group/${group.id}`);
    expect(page.body).toMatchObject({ student_count: 3, capacity: { students: 3, capacity: 2, full: true } });
  });
});

describe('periods and comments', () => {
  it('lists the months of a group from its start to its end', async () => {
    const id = await createGroupRow(database.db, w.company.id, {
      branchId: w.main,
      courseId: w.math,
      teacherId: w.teachers.b,
      startDate: '2025-01-15',
      endDate: '2025-03-10',
      status: GroupStatus.completed,
    });
    const res = await w.api(w.tokens.admin, 'GET', `/group/${id}/periods`);
    expect(res.body.data).toEqual([
      { month: '2025-01', from: '2025-01-15', to: '2025-01-31' },
      { month: '2025-02', from: '2025-02-01', to: '2025-02-28' },
      { month: '2025-03', from: '2025-03-01', to: '2025-03-10' },
    ]);
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
  });

  it('keeps notes on a group for staff and its teacher, not for students', async () => {
    const group = await w.createGroup({
      teacher_id: w.company.users.teacher.id,
      room_id: null,
      start_time: '16:00',
      end_time: '17:00',
    });
    const other = await w.createGroup({
      room_id: null,
      teacher_id: w.teachers.b,
      start_time: '16:00',
      end_time: '17:00',
    });
    const note = await w.api(w.tokens.teacher, 'POST', '/groupComments', { group_id: group.id, text: ' Bring books ' });
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({
      group_id: group.id,
      text: 'Bring books',
      author: { id: w.company.users.teacher.id },
    });
    await w.api(w.tokens.admin, 'POST', '/groupComments', { group_id: group.id, text: 'Parents meeting on Friday' });
    const list = await w.api(w.tokens.admin, 'GET', `/groupComments?group_id=${group.id}`);
    expect(list.body.data.map((c: { text: string }) => c.text)).toEqual(['Parents meeting on Friday', 'Bring books']);

    expect((await w.api(w.tokens.teacher, 'GET', `/groupComments?group_id=${other.id}`)).status).toBe(404);
    expect((await w.api(w.tokens.student, 'GET', `/groupComments?group_id=${group.id}`)).status).toBe(403);
    const empty = await w.api(w.tokens.admin, 'POST', '/groupComments', { group_id: group.id, text: '  ' });
    expect(empty.status).toBe(400);
    const stranger = await w.api(w.tokens.admin, 'POST', '/groupComments', {
      group_id: group.id,
      text: 'x',
      student_id: w.students[4],
    });
    expect(stranger.body.error.details).toContainEqual(expect.objectContaining({ field: 'student_id' }));
    const history = await w.api(
      w.tokens.admin,
      'GET',
      `/group/${group.id}/history?type=${HistoryEvent.groupCommentAdded}`,
    );
    expect(history.body.pagination.total).toBe(2);
  });
});
