import { StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { groupStudentStatusChanges } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createRemainingReportsWorld, queryOf, type RemainingReportsWorld } from './remaining-reports-test-world.js';

// Friday 20 March 2026, noon in Tashkent.
const { app, database } = await openTestApp(undefined, { clock: () => new Date('2026-03-20T07:00:00Z') });
let w: RemainingReportsWorld;

/**
 * Groups: Alpha (English, Main), Beta (Math, Main), Gamma (B1 — a level of English, Main), Northern (English,
 * North). Status timelines (a change holds from its day on):
 *
 * | student | place    | joined     | timeline                          | active in        |
 * |---------|----------|------------|-----------------------------------|------------------|
 * | s1      | Alpha    | 2025-12-01 | 5 throughout                      | Dec Jan Feb Mar  |
 * | s2      | Alpha    | 2026-01-10 | 1, then 5 from 2026-02-01         | Feb Mar          |
 * | s3      | Alpha    | 2026-01-05 | 5                                 | Jan Feb Mar      |
 * | s3      | Beta     | 2026-01-05 | 5                                 | Jan Feb Mar      |
 * | s4      | Beta     | 2026-01-01 | 5, frozen (4) from 2026-02-01     | Jan              |
 * | s5      | Alpha    | 2025-11-01 | 5, left 2026-02-01 (6)            | Dec Jan          |
 * | s6      | Northern | 2026-01-01 | 5                                 | Jan Feb Mar      |
 * | s7      | Alpha    | 2026-03-25 | 5 (joins after today)             | —                |
 * | s8      | Gamma    | 2026-03-01 | 5                                 | Mar              |
 * | s9      | Gamma    | 2025-12-01 | 6, left 2026-01-15, no change row | Dec Jan          |
 *
 * The other company has an active student all along, never counted.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createRemainingReportsWorld(app, db, 'active');
  const c = w.company.id;
  const group = (name: string, courseId: number, branchId = w.main) =>
    createGroupRow(db, c, { branchId, courseId, teacherId: w.teachers.anvar, name, startDate: '2025-09-01' });
  const alpha = await group('Alpha', w.courses.english);
  const beta = await group('Beta', w.courses.math);
  const gamma = await group('Gamma', w.courses.b1);
  const northern = await group('Northern', w.courses.english, w.north);
  let phone = 932_000_000;
  const student = (name: string, branchId = w.main) =>
    createStudent(db, c, { name, phone: String(phone++), branchIds: [branchId] });
  const place = (groupId: number, studentId: number, createdDate: string, status: number, leftDate?: string) =>
    addStudentToGroupRow(db, c, groupId, studentId, { createdDate, status, leftDate: leftDate ?? null });
  /** A change of the timeline as the database records it (the trigger's row), on a day of the past. */
  const changed = (groupId: number, studentId: number, from: number, to: number, effectiveDate: string) =>
    inCompany(db, c, (tx) =>
      tx.insert(groupStudentStatusChanges).values({
        companyId: c,
        groupId,
        studentId,
        fromStatus: from,
        toStatus: to,
        effectiveDate,
        changedAt: new Date(`${effectiveDate}T05:00:00Z`),
      }),
    );
  const { active, inactive, frozen, archived } = StudentStatus;

  const s1 = await student('s1');
  await place(alpha, s1, '2025-12-01', active);
  const s2 = await student('s2');
  await place(alpha, s2, '2026-01-10', active);
  await changed(alpha, s2, inactive, active, '2026-02-01');
  const s3 = await student('s3');
  await place(alpha, s3, '2026-01-05', active);
  await place(beta, s3, '2026-01-05', active);
  const s4 = await student('s4');
  await place(beta, s4, '2026-01-01', frozen);
  await changed(beta, s4, active, frozen, '2026-02-01');
  const s5 = await student('s5');
  await place(alpha, s5, '2025-11-01', archived, '2026-02-01');
  await changed(alpha, s5, active, archived, '2026-02-01');
  await place(northern, await student('s6', w.north), '2026-01-01', active);
  await place(alpha, await student('s7'), '2026-03-25', active);
  await place(gamma, await student('s8'), '2026-03-01', active);
  // Archived as a seed or an import writes it, with no timeline: it paid until it left.
  await place(gamma, await student('s9'), '2025-12-01', archived, '2026-01-15');

  const o = w.other.id;
  const otherTeacher = await createStudent(db, o, { name: 'Other', phone: '932999999', branchIds: [w.otherBranch] });
  const otherGroup = await createGroupRow(db, o, {
    branchId: w.otherBranch,
    courseId: await createCourse(db, o, { name: 'English' }),
    teacherId: otherTeacher,
    startDate: '2025-09-01',
  });
  const otherStudent = await createStudent(db, o, { name: 'Foreign', phone: '932999998', branchIds: [w.otherBranch] });
  await addStudentToGroupRow(db, o, otherGroup, otherStudent, { createdDate: '2025-09-01', status: active });
});

const report = (query: Record<string, string | number | undefined> = {}, token = w.tokens.owner) =>
  w.api(token, 'GET', `/reports/active-students${queryOf({ from: '2026-01', till: '2026-03', ...query })}`);

/** A line's [active, change] by month. */
const series = (months: { active: number; change: number }[]) => months.map((m) => [m.active, m.change]);
const lineOf = (
  body: { rows: { branch: { name: string }; course: { name: string }; months: [] }[] },
  branch: string,
  course: string,
) => body.rows.find((row) => row.branch.name === branch && row.course.name === course);

describe('GET /reports/active-students', () => {
  it('counts the students active on some day of each month by branch and course, with the change', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual(['2026-01', '2026-02', '2026-03']);
    // December had s1 and s5 (Main · English): the base of January's change.
    expect(series(lineOf(res.body, 'Main', 'English')!.months)).toEqual([
      [3, 1],
      [3, 0],
      [3, 0],
    ]);
    expect(series(lineOf(res.body, 'Main', 'Math')!.months)).toEqual([
      [2, 2],
      [1, -1],
      [1, 0],
    ]);
    expect(series(lineOf(res.body, 'Main', 'B1')!.months)).toEqual([
      [1, 0],
      [0, -1],
      [1, 1],
    ]);
    expect(series(lineOf(res.body, 'North', 'English')!.months)).toEqual([
      [1, 1],
      [1, 0],
      [1, 0],
    ]);
    expect(
      res.body.rows.map(
        (r: { branch: { name: string }; course: { name: string } }) => `${r.branch.name} · ${r.course.name}`,
      ),
    ).toEqual(['Main · B1', 'Main · English', 'Main · Math', 'North · English']);
    // s3 counts once a month though he is in two courses; the other company's student never.
    expect(series(res.body.totals)).toEqual([
      [6, 3],
      [4, -2],
      [5, 1],
    ]);
  });

  it('narrows to a branch and to a course with its levels', async () => {
    const main = await report({ branch_id: w.main });
    expect(main.body.rows).toHaveLength(3);
    expect(series(main.body.totals)).toEqual([
      [5, 2],
      [3, -2],
      [4, 1],
    ]);
    const english = await report({ course_id: w.courses.english });
    expect(english.body.rows.map((r: { course: { name: string } }) => r.course.name)).toEqual([
      'B1',
      'English',
      'English',
    ]);
    expect(series(english.body.totals)).toEqual([
      [5, 2],
      [4, -1],
      [5, 1],
    ]);
  });

  it('gives the months after today nobody', async () => {
    const res = await report({ from: '2026-03', till: '2026-05' });
    expect(series(res.body.totals)).toEqual([
      [5, 1],
      [0, -5],
      [0, 0],
    ]);
  });

  it('keeps a branch administrator to his branches and refuses roles outside the reports area', async () => {
    const north = await report({}, w.tokens.northAdmin);
    expect(north.body.rows.map((r: { branch: { name: string } }) => r.branch.name)).toEqual(['North']);
    expect(series(north.body.totals)).toEqual([
      [1, 1],
      [1, 0],
      [1, 0],
    ]);
    expect((await report({ branch_id: w.main }, w.tokens.northAdmin)).status).toBe(403);
    expect((await report({ branch_id: w.otherBranch })).status).toBe(403);
    for (const token of [w.tokens.teacher, w.tokens.cashier, w.tokens.marketer, w.tokens.limitedAdmin]) {
      expect((await report({}, token)).status).toBe(403);
    }
  });

  it('refuses months that run backwards or span more than two years', async () => {
    const backwards = await report({ from: '2026-03', till: '2026-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0]).toMatchObject({ field: 'till', rule: 'end_before_start' });
    const long = await report({ from: '2024-01', till: '2026-01' });
    expect(long.status).toBe(400);
    expect(long.body.error.details[0]).toMatchObject({ field: 'till', rule: 'too_big' });
    expect((await report({ from: '2026-13' })).status).toBe(400);
  });
});
