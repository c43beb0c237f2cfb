import { StudentStatus } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createGroupsWorld, type GroupsWorld } from '../groups/groups-test-world.js';
import { allMarked, insertMarks, type Marks, sept } from './reports-test-world.js';
import { absenceRecord } from './skip-classes.js';

// Wednesday 1 October 2025, noon in Tashkent: every September lesson is over.
const { app, database } = await openTestApp(undefined, { clock: () => new Date('2025-10-01T07:00:00Z') });
let w: GroupsWorld;
let groupId = 0;

/** The 13 lessons of a Mon/Wed/Fri group in September 2025 (no holiday in this company). */
const LESSONS = sept(1, 3, 5, 8, 10, 12, 15, 17, 19, 22, 24, 26, 29);

/**
 * - Aziz: absent 1, 3; present 5; absent 8, (10 not marked), 12, 15 → 3 running, 5 of 13.
 * - Bekzod: absent 1, 8, 15, 22, 29 with presents between → 1 running, 5 of 13 (38%).
 * - Charos: absent 1, 3 only → 2 running, 15%.
 * - Dilshod: never marked → no absences at all.
 * - Elyor: present every time.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createGroupsWorld(app, db);
  const c = w.company.id;
  groupId = await createGroupRow(db, c, {
    branchId: w.main,
    courseId: w.english,
    teacherId: w.teachers.a,
    name: 'Skippers',
    startDate: '2025-09-01',
  });
  for (const studentId of w.students)
    await addStudentToGroupRow(db, c, groupId, studentId, { createdDate: '2025-09-01', status: StudentStatus.active });
  const [aziz, bekzod, charos, , elyor] = w.students as number[];
  const presentExcept = (absent: number[], unmarked: number[] = []): Marks =>
    Object.fromEntries(
      LESSONS.filter((d) => !unmarked.includes(Number(d.slice(8)))).map((d) => [
        d,
        absent.includes(Number(d.slice(8))) ? 0 : 1,
      ]),
    );
  await insertMarks(db, c, groupId, {
    [aziz!]: presentExcept([1, 3, 8, 12, 15], [10]),
    [bekzod!]: presentExcept([1, 8, 15, 22, 29]),
    [charos!]: presentExcept([1, 3]),
    [elyor!]: allMarked(LESSONS, 1),
  });
});

const skipClasses = (query: Record<string, string | number> = {}, token = w.tokens.admin) =>
  w.api(
    token,
    'GET',
    `/reports/skip-classes?${new URLSearchParams({
      branch_id: String(w.main),
      from: '2025-09-01',
      till: '2025-09-30',
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    })}`,
  );

const names = (rows: { student: { name: string } }[]) => rows.map((r) => r.student.name);

describe('absenceRecord', () => {
  const past = (dates: string[]) => dates.map((date) => ({ date, past: true }));

  it('lets a present mark break a run, and an unmarked lesson neither break nor extend it', () => {
    const marks = new Map([
      ['2025-09-01', 0],
      ['2025-09-03', 1],
      ['2025-09-05', 0],
      ['2025-09-10', 0],
    ]);
    expect(absenceRecord(past(sept(1, 3, 5, 8, 10)), marks)).toEqual({
      longest_run: 2,
      absents: 3,
      lessons: 5,
      last_absent: '2025-09-10',
    });
  });

  it('counts only lessons that have ended', () => {
    const lessons = [
      { date: '2025-09-01', past: true },
      { date: '2025-09-03', past: false },
    ];
    expect(absenceRecord(lessons, new Map([['2025-09-03', 0]]))).toEqual({
      longest_run: 0,
      absents: 0,
      lessons: 1,
      last_absent: null,
    });
  });
});

describe('GET /reports/skip-classes', () => {
  it('lists students with 3 absences running or more than 30% by default, the longest run first', async () => {
    const res = await skipClasses();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        student: { id: w.students[0], name: 'Aziz Student', phone: expect.any(String) },
        group: { id: groupId, title: 'Skippers' },
        teacher: { id: w.teachers.a, name: 'Anvar Teacher' },
        longest_run: 3,
        absents: 5,
        lessons: 13,
        percent: 38,
        last_absent: '2025-09-15',
      },
      expect.objectContaining({ student: expect.objectContaining({ name: 'Bekzod Student' }), longest_run: 1 }),
    ]);
    expect(res.body.pagination.total).toBe(2);
  });

  it('takes its thresholds from in_a_row and percent', async () => {
    expect(names((await skipClasses({ in_a_row: 2 })).body.data)).toEqual([
      'Aziz Student',
      'Charos Student',
      'Bekzod Student',
    ]);
    // 5 of 13 is 38.5%: more than 38, not more than 39.
    expect(names((await skipClasses({ in_a_row: 4, percent: 38 })).body.data)).toEqual([
      'Aziz Student',
      'Bekzod Student',
    ]);
    expect(names((await skipClasses({ in_a_row: 4, percent: 39 })).body.data)).toEqual([]);
  });

  it('pages the list', async () => {
    const res = await skipClasses({ in_a_row: 2, per_page: 2, page: 2 });
    expect(names(res.body.data)).toEqual(['Bekzod Student']);
    expect(res.body.pagination).toMatchObject({ total: 3, total_pages: 2, current_page: 2 });
  });

  it('refuses teachers and other roles outside the reports area, and bad thresholds', async () => {
    expect((await skipClasses({}, w.tokens.teacher)).status).toBe(403);
    expect((await skipClasses({}, await loginAs(app, w.sub, '900000004'))).status).toBe(403);
    const bad = await skipClasses({ in_a_row: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'in_a_row' })]);
  });

  it('downloads the list as xlsx in the asked language', async () => {
    const res = await app.inject({
      url: `/api/v1/reports/skip-classes/export?branch_id=${w.main}&from=2025-09-01&till=2025-09-30&lang=en`,
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${w.tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Student');
    expect(sheet.getCell('E1').value).toBe('Missed in a row');
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'Aziz Student',
      expect.stringMatching(/^\+998 /),
      'Skippers',
      'Anvar Teacher',
      3,
      5,
      13,
      38,
      '2025-09-15',
    ]);
    expect(sheet.rowCount).toBe(3);
  });
});
