import { GroupStatus, Role, StudentStatus } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCourse, createHoliday } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from '../groups/groups-test-world.js';
import { allMarked, cancelLessonRow, insertMarks, sept, substituteRow } from './reports-test-world.js';

// Wednesday 15 October 2025, 12:00 in Tashkent (the company's time zone, UTC+5).
const NOW = new Date('2025-10-15T07:00:00Z');
const { app, database } = await openTestApp(undefined, { clock: () => NOW });
const SEPTEMBER = { from: '2025-09-01', till: '2025-09-30' };

let w: GroupsWorld;
const g = { alpha: 0, archived: 0, beta: 0, gamma: 0, north: 0 };
let student: { aziz: number; bekzod: number; charos: number; dilshod: number; elyor: number };

/**
 * September 2025 (the 1st is a Monday); the company's holiday on Wednesday the 24th.
 * - Alpha (English, teacher A, Mon/Wed/Fri 09:00): the 10th cancelled, so 11 held lessons.
 *   Aziz is there all month; Bekzod joined on the 15th; Charos left on the 12th.
 * - Archived Eng (English, teacher A, archived, ended on the 10th): Elyor, 5 lessons.
 * - Beta (Math, teacher B, Tue/Thu/Sat 11:00): Dilshod, 13 lessons, the 2nd given by teacher A.
 * - Gamma (a level of Math, teacher B, Mon/Wed/Fri 16:00): Aziz, 12 lessons, never marked.
 * - North (the other branch): Elyor, never in the main branch's report.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createGroupsWorld(app, db);
  const c = w.company.id;
  const [aziz, bekzod, charos, dilshod, elyor] = w.students as [number, number, number, number, number];
  student = { aziz, bekzod, charos, dilshod, elyor };
  const mathLevel = await createCourse(db, c, { name: 'Math level 1', code: 'ML1', parentId: w.math });
  const group = (name: string, spec: Partial<Parameters<typeof createGroupRow>[2]>) =>
    createGroupRow(db, c, {
      branchId: w.main,
      courseId: w.english,
      teacherId: w.teachers.a,
      name,
      dayType: 'odd',
      startDate: '2025-09-01',
      ...spec,
    });
  g.alpha = await group('Alpha', { startTime: '09:00', endTime: '10:30' });
  g.archived = await group('Archived Eng', {
    startTime: '14:00',
    endTime: '15:30',
    startDate: '2025-08-01',
    endDate: '2025-09-10',
    status: GroupStatus.archive,
  });
  g.beta = await group('Beta', { courseId: w.math, teacherId: w.teachers.b, dayType: 'even', startTime: '11:00' });
  g.gamma = await group('Gamma', {
    courseId: mathLevel,
    teacherId: w.teachers.b,
    startTime: '16:00',
    endTime: '17:30',
  });
  g.north = await group('North', { branchId: w.north, teacherId: w.teachers.north });

  const place = (groupId: number, studentId: number, createdDate: string, leftDate: string | null = null) =>
    addStudentToGroupRow(db, c, groupId, studentId, {
      createdDate,
      leftDate,
      status: leftDate ? StudentStatus.archived : StudentStatus.active,
    });
  await place(g.alpha, aziz, '2025-09-01');
  await place(g.alpha, bekzod, '2025-09-15');
  await place(g.alpha, charos, '2025-09-01', '2025-09-12');
  await place(g.archived, elyor, '2025-08-01');
  await place(g.beta, dilshod, '2025-08-20');
  await place(g.gamma, aziz, '2025-09-01');
  await place(g.north, elyor, '2025-09-01');

  await createHoliday(db, c, 'Teachers day', '2025-09-24');
  await cancelLessonRow(db, c, g.alpha, '2025-09-10');
  await substituteRow(db, c, g.beta, '2025-09-02', w.teachers.a);

  await insertMarks(db, c, g.alpha, {
    // The mark on the 10th stayed after the lesson was cancelled: it counts nowhere.
    [aziz]: { ...allMarked(sept(1, 3, 5, 8, 10), 1), '2025-09-12': 0 },
    // The 12th is before Bekzod joined; the 15th after Charos left.
    [bekzod]: { '2025-09-12': 1, '2025-09-15': 1, '2025-09-17': 0 },
    [charos]: allMarked(sept(1, 3, 5, 8, 12, 15), 1),
  });
  await insertMarks(db, c, g.archived, { [elyor]: allMarked(sept(1, 3), 0) });
  await insertMarks(db, c, g.beta, {
    [dilshod]: allMarked(sept(2, 4, 6, 9, 11, 13, 16, 18, 20, 23, 25, 27, 30), 1),
  });
  await insertMarks(db, c, g.north, { [elyor]: allMarked(sept(1, 3), 1) });
});

const report = (query: Record<string, string | number>, token = w.tokens.admin) =>
  w.api(
    token,
    'GET',
    `/attendance_report/?${new URLSearchParams({ branch_id: String(w.main), ...SEPTEMBER, ...stringify(query) })}`,
  );
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

/** Rows as `group / student: visits absents misses all`, easy to read in a failure. */
const summary = (
  rows: {
    group: { title: string };
    student: { name: string };
    visits: number;
    absents: number;
    misses: number;
    all: number;
  }[],
) => rows.map((r) => `${r.group.title} / ${r.student.name}: ${r.visits} ${r.absents} ${r.misses} ${r.all}`);

describe('GET /attendance_report/', () => {
  it('counts visits, absents, misses and all per student and group over the held lessons of his stay', async () => {
    const res = await report({});
    expect(res.status).toBe(200);
    expect(summary(res.body.data)).toEqual([
      'Alpha / Aziz Student: 4 1 6 11',
      'Alpha / Bekzod Student: 1 1 4 6',
      'Alpha / Charos Student: 5 0 0 5',
      'Archived Eng / Elyor Student: 0 2 3 5',
      'Beta / Dilshod Student: 13 0 0 13',
      'Gamma / Aziz Student: 0 0 12 12',
    ]);
    expect(res.body.totals).toEqual({ visits: 23, absents: 4, misses: 25, all: 52 });
    expect(res.body.data[1]).toMatchObject({
      student: { id: student.bekzod, name: 'Bekzod Student' },
      group: { id: g.alpha, title: 'Alpha' },
      teacher: { id: w.teachers.a, name: 'Anvar Teacher' },
      course: { id: w.english, name: 'English' },
      status: StudentStatus.active,
    });
    expect(res.body.data[2].status).toBe(StudentStatus.archived);
  });

  it('answers the spec path without its final slash too', async () => {
    const res = await w.api(
      w.tokens.admin,
      'GET',
      `/attendance_report?branch_id=${w.main}&from=2025-09-01&till=2025-09-30`,
    );
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(6);
  });

  it('counts only lessons that have ended as missed: today counts once its lesson is over', async () => {
    const res = await report({ from: '2025-10-01', till: '2025-10-31', group_id: g.alpha });
    // 14 lessons in October; 7 by Wednesday the 15th, whose 09:00–10:30 lesson is over at noon.
    expect(summary(res.body.data)).toEqual(['Alpha / Aziz Student: 0 0 7 14', 'Alpha / Bekzod Student: 0 0 7 14']);
    const gamma = await report({ from: '2025-10-01', till: '2025-10-31', group_id: g.gamma });
    // Gamma's lesson of the 15th starts at 16:00: not missed yet.
    expect(summary(gamma.body.data)).toEqual(['Gamma / Aziz Student: 0 0 6 14']);
  });

  it('filters by group and by course, a course taking in its levels', async () => {
    const alpha = await report({ group_id: g.alpha });
    expect(alpha.body.data.map((r: { student: { name: string } }) => r.student.name)).toEqual([
      'Aziz Student',
      'Bekzod Student',
      'Charos Student',
    ]);
    expect(alpha.body.totals).toEqual({ visits: 10, absents: 2, misses: 10, all: 22 });
    const english = await report({ course_id: w.english });
    expect(summary(english.body.data)).toHaveLength(4);
    const math = await report({ course_id: w.math });
    expect(summary(math.body.data)).toEqual(['Beta / Dilshod Student: 13 0 0 13', 'Gamma / Aziz Student: 0 0 12 12']);
  });

  it("filters by the teacher of each lesson, a substitute's lesson being his", async () => {
    const a = await report({ teacher_id: w.teachers.a });
    expect(summary(a.body.data)).toEqual([
      'Alpha / Aziz Student: 4 1 6 11',
      'Alpha / Bekzod Student: 1 1 4 6',
      'Alpha / Charos Student: 5 0 0 5',
      'Archived Eng / Elyor Student: 0 2 3 5',
      'Beta / Dilshod Student: 1 0 0 1',
    ]);
    expect(a.body.data[4].teacher).toEqual({ id: w.teachers.a, name: 'Anvar Teacher' });
    const b = await report({ teacher_id: w.teachers.b });
    expect(summary(b.body.data)).toEqual(['Beta / Dilshod Student: 12 0 0 12', 'Gamma / Aziz Student: 0 0 12 12']);
  });

  it('pages the rows and totals all of them', async () => {
    const res = await report({ page: 2, per_page: 4 });
    expect(summary(res.body.data)).toEqual(['Beta / Dilshod Student: 13 0 0 13', 'Gamma / Aziz Student: 0 0 12 12']);
    expect(res.body.totals).toEqual({ visits: 23, absents: 4, misses: 25, all: 52 });
    expect(res.body.pagination).toEqual({
      count: 2,
      current_page: 2,
      last_page: 2,
      per_page: 4,
      total: 6,
      total_pages: 2,
    });
  });

  it('answers an empty report for a period without lessons', async () => {
    const res = await report({ from: '2024-01-01', till: '2024-01-31' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.totals).toEqual({ visits: 0, absents: 0, misses: 0, all: 0 });
  });

  it('shows the other branch its own groups only', async () => {
    const res = await report({ branch_id: w.north });
    expect(summary(res.body.data)).toEqual(['North / Elyor Student: 2 0 10 12']);
  });

  it('lets the branch director and the second admin read it', async () => {
    for (const phone of ['900000009', '900000011']) {
      const token = await loginAs(app, w.sub, phone);
      expect((await report({}, token)).status).toBe(200);
    }
  });
});

describe('GET /attendance_report/ refusals', () => {
  it('refuses teachers, cashiers and the limited admin (spec §6 reports)', async () => {
    for (const phone of ['900000006', '900000004', '900000010']) {
      const res = await report({}, await loginAs(app, w.sub, phone));
      expect(res.status, phone).toBe(403);
    }
  });

  it('refuses a branch the user does not work in', async () => {
    const phone = nextPhone();
    await createUser(database.db, w.company.id, {
      name: 'Main Admin',
      phone,
      roles: [Role.admin],
      branchIds: [w.main],
    });
    const token = await loginAs(app, w.sub, phone);
    expect((await report({}, token)).status).toBe(200);
    const res = await report({ branch_id: w.north }, token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('branch_forbidden');
  });

  it("refuses another company's branch the same way", async () => {
    const other = await createCompanyWithRoleUsers(database.db, {
      name: 'Other',
      subdomain: uniqueSubdomain('other'),
      branches: ['Far'],
    });
    const res = await report({ branch_id: other.branchIds[0]! });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('branch_forbidden');
  });

  it('refuses a period that ends before it starts or is longer than allowed, naming the field', async () => {
    const backwards = await report({ from: '2025-09-30', till: '2025-09-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toEqual([expect.objectContaining({ field: 'till' })]);
    const long = await report({ from: '2025-01-01', till: '2025-06-30' });
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual([expect.objectContaining({ field: 'till', rule: 'too_big' })]);
    const missing = await w.api(w.tokens.admin, 'GET', `/attendance_report/?branch_id=${w.main}&till=2025-09-30`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: 'from' })]);
  });

  it('refuses an anonymous caller', async () => {
    const res = await app.inject({
      url: `/api/v1/attendance_report/?branch_id=${w.main}&from=2025-09-01&till=2025-09-30`,
      headers: { host: `${w.sub}.localhost` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /attendance_report/export', () => {
  it('downloads every row and the totals as xlsx with headings in the asked language', async () => {
    const res = await app.inject({
      url: `/api/v1/attendance_report/export?branch_id=${w.main}&from=2025-09-01&till=2025-09-30&lang=ru`,
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${w.tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attendance-2025-09-01_2025-09-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Посещаемость');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Студент',
      'Группа',
      'Курс',
      'Преподаватель',
      'Статус',
      'Посещения',
      'Отсутствия',
      'Не отмечено',
      'Всего занятий',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'Aziz Student',
      'Alpha',
      'English',
      'Anvar Teacher',
      'Активный',
      4,
      1,
      6,
      11,
    ]);
    expect(sheet.rowCount).toBe(8);
    expect(sheet.getRow(8).values).toEqual([
      undefined,
      'Итого',
      undefined,
      undefined,
      undefined,
      undefined,
      23,
      4,
      25,
      52,
    ]);
  });

  it('is refused to a teacher like the report', async () => {
    const res = await w.api(
      w.tokens.teacher,
      'GET',
      `/attendance_report/export?branch_id=${w.main}&from=2025-09-01&till=2025-09-30`,
    );
    expect(res.status).toBe(403);
  });
});
