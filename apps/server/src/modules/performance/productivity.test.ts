import type { CoursePerformance, PerformanceFigures, TeacherPerformance } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { isRead, planOf, readCatalogue, tenantScans } from '../../../test/budgets/index-check.js';
import { openTestApp } from '../../../test/helpers.js';
import { captureStatements } from '../../db/client.js';
import { createPerformanceWorld, MARCH, type PerformanceWorld } from './performance-test-world.js';

const { app, database } = await openTestApp();
let w: PerformanceWorld;

beforeAll(async () => {
  w = await createPerformanceWorld(app, database.db);
}, 60_000);

const teachers = async (query = '', token = w.tokens.admin) => {
  const res = await w.get(token, `/performance/teachers?branch_id=${w.main}&${MARCH}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TeacherPerformance;
};
const rowOf = (report: TeacherPerformance, teacherId: number) => {
  const row = report.data.find((r) => r.teacher.id === teacherId);
  if (!row) throw new Error(`no row for teacher ${teacherId}`);
  return row;
};

/** Teacher A's March, as the world's table says. */
const teacherA: Omit<PerformanceFigures, 'left_reasons'> = {
  groups: 2,
  active_at_start: 10,
  new_students: 4,
  left: 4,
  left_of_active: 3,
  moved_out: 1,
  active_at_end: 8,
  retention: 70,
  attendance: { present: 8, absent: 2, percent: 80 },
  conversion: { trials: 4, converted: 2, percent: 50 },
  income: 800_000,
};

describe('teacher performance', () => {
  it("gives every figure of teacher A's March: 3 of 10 left is 70 %, 8 of 10 marks present is 80 %, 2 of 4 trials is 50 %", async () => {
    const row = rowOf(await teachers(), w.teachers.a);
    const { left_reasons, teacher, ...figures } = row;
    expect(teacher.name).toBe('Aziza Teacher');
    expect(figures).toEqual(teacherA);
    expect(left_reasons).toEqual([
      { reason: { id: w.reasons.movedAway, name: 'Moved away' }, count: 2 },
      { reason: { id: w.reasons.disliked, name: 'Did not like it' }, count: 1 },
      { reason: { id: w.reasons.expensive, name: 'Too expensive' }, count: 1 },
    ]);
  });

  it('counts a transfer into a group as neither new nor a trial, and the mover as paying at the end', async () => {
    const { left_reasons, teacher, ...b } = rowOf(await teachers(), w.teachers.b);
    expect(b).toEqual({
      groups: 1,
      active_at_start: 2,
      new_students: 0,
      left: 0,
      left_of_active: 0,
      moved_out: 0,
      active_at_end: 3,
      retention: 100,
      attendance: { present: 3, absent: 1, percent: 75 },
      conversion: { trials: 0, converted: 0, percent: null },
      income: 400_000,
    });
    expect(left_reasons).toEqual([]);
  });

  it('adds the rows up, the percents from the sums, and asks the database twice', async () => {
    await teachers(); // the company of the host is then cached, as on a working server
    const { result, statements } = await captureStatements(() => teachers());
    const { total } = result;
    expect(total).toMatchObject({
      groups: 3,
      active_at_start: 12,
      new_students: 4,
      left: 4,
      active_at_end: 11,
      retention: 75,
      attendance: { present: 11, absent: 3, percent: 78.6 },
      conversion: { trials: 4, converted: 2, percent: 50 },
      income: 1_200_000,
    });
    expect(result.data.map((r) => r.teacher.name)).toEqual(['Aziza Teacher', 'Bobur Teacher']);
    expect(result.policies).toEqual({ income: true, export: true });
    // Besides the request's own two (tenant settings, the caller): the scope check and the figures.
    const own = statements.filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s.sql));
    expect(own.length).toBe(4);

    // Every tenant table of those reads is reached through an index led by company_id.
    const catalogue = await readCatalogue(database.db);
    const scans = [];
    for (const statement of own.filter(isRead)) {
      scans.push(...tenantScans(await planOf(database.db, w.company.id, statement), catalogue));
    }
    expect(scans.length).toBeGreaterThan(10);
    expect(scans.filter((scan) => !scan.usesCompanyIndex)).toEqual([]);
  });

  it('narrows to one teacher, and to a course with its levels', async () => {
    const onlyB = await teachers(`&teacher_id=${w.teachers.b}`);
    expect(onlyB.data.map((r) => r.teacher.id)).toEqual([w.teachers.b]);
    expect(onlyB.total.income).toBe(400_000);

    // English takes in its level B1: A's A1 and B's B1, not A's Math group A2.
    const english = await teachers(`&course_id=${w.courses.english}`);
    const a = rowOf(english, w.teachers.a);
    expect(a).toMatchObject({ groups: 1, active_at_start: 6, left: 2, new_students: 2, income: 500_000 });
    expect(a.conversion).toEqual({ trials: 2, converted: 2, percent: 100 });
    expect(rowOf(english, w.teachers.b).groups).toBe(1);
  });

  it('counts only the branch asked for: the North group of teacher A stays out of Main and has its own figures', async () => {
    const north = await w.get(w.tokens.owner, `/performance/teachers?branch_id=${w.north}&${MARCH}`);
    expect(north.status).toBe(200);
    const [row] = (north.body as TeacherPerformance).data;
    expect(row).toMatchObject({
      teacher: { id: w.teachers.a },
      groups: 1,
      active_at_start: 5,
      left: 1,
      retention: 80,
      attendance: { present: 0, absent: 2, percent: 0 },
      income: 700_000,
    });
  });

  it('refuses a branch the caller does not work in, and knows no other company’s branch', async () => {
    const refused = await w.get(w.tokens.northAdmin, `/performance/teachers?branch_id=${w.main}&${MARCH}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('branch_forbidden');
    const foreign = await w.get(w.tokens.owner, `/performance/teachers?branch_id=${w.foreignBranch}&${MARCH}`);
    expect(foreign.status).toBe(404);
  });

  it('never counts another company’s rows, even over a whole year', async () => {
    const year = await w.get(
      w.tokens.owner,
      `/performance/teachers?branch_id=${w.main}&from=2025-06-01&till=2026-05-31`,
    );
    expect(year.status).toBe(200);
    const report = year.body as TeacherPerformance;
    expect(report.data.map((r) => r.teacher.name)).toEqual(['Aziza Teacher', 'Bobur Teacher']);
    // Every payment of the company's Main branch, the cancelled one aside; the other company paid 5 000 000.
    expect(report.total.income).toBe(1_400_000);
  });

  it('shows the limited admin everything but money', async () => {
    const report = await teachers('', w.tokens.limitedAdmin);
    expect(report.policies).toEqual({ income: false, export: true });
    expect(rowOf(report, w.teachers.a).income).toBeNull();
    expect(report.total.income).toBeNull();
    expect(rowOf(report, w.teachers.a).retention).toBe(70);
  });

  it('refuses roles outside the performance area, and the limited admin the reports area', async () => {
    for (const token of [w.tokens.cashier, w.tokens.teacher]) {
      expect((await w.get(token, `/performance/teachers?branch_id=${w.main}&${MARCH}`)).status).toBe(403);
    }
    const limited = await w.get(w.tokens.limitedAdmin, `/reports/teachers/productivity?branch_id=${w.main}&${MARCH}`);
    expect(limited.status).toBe(403);
    const director = await w.get(w.tokens.director, `/reports/teachers/productivity?branch_id=${w.main}&${MARCH}`);
    expect(director.status).toBe(200);
    expect(rowOf(director.body, w.teachers.a).retention).toBe(70);
  });

  it('refuses a period that runs backwards or is longer than a year', async () => {
    const backwards = await w.get(
      w.tokens.admin,
      `/performance/teachers?branch_id=${w.main}&from=2026-03-31&till=2026-03-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0]).toMatchObject({ field: 'till', rule: 'end_before_start' });
    const long = await w.get(
      w.tokens.admin,
      `/performance/teachers?branch_id=${w.main}&from=2025-01-01&till=2026-03-31`,
    );
    expect(long.status).toBe(400);
    expect(long.body.error.details[0]).toMatchObject({ field: 'till', rule: 'too_big' });
  });
});

describe('course performance', () => {
  it('gives a row per course, a level under its parent’s name', async () => {
    const res = await w.get(w.tokens.admin, `/performance/courses?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    const report = res.body as CoursePerformance;
    expect(report.data.map((r) => r.course.name)).toEqual(['English', 'English · B1', 'Math']);
    const math = report.data.find((r) => r.course.id === w.courses.math);
    expect(math).toMatchObject({
      groups: 1,
      active_at_start: 4,
      left: 2,
      left_of_active: 1,
      moved_out: 1,
      retention: 75,
      conversion: { trials: 2, converted: 0, percent: 0 },
      income: 300_000,
    });
    expect(report.total.active_at_start).toBe(12);
  });
});

describe('the Excel files', () => {
  const download = async (url: string, token: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { host: `${w.company.subdomain}.localhost`, authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet] = workbook.worksheets;
    if (res.statusCode === 200 && !sheet) throw new Error('the workbook has no sheet');
    return { status: res.statusCode, sheet: sheet as ExcelJS.Worksheet };
  };

  it('writes the teachers’ table with its total, in the language asked for', async () => {
    const { status, sheet } = await download(
      `/performance/teachers/export?branch_id=${w.main}&${MARCH}&lang=ru`,
      w.tokens.admin,
    );
    expect(status).toBe(200);
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toContain('Преподаватель');
    expect(header).toContain('Доход (UZS)');
    const a = sheet.getRow(2).values as unknown[];
    expect(a).toContain('Aziza Teacher');
    expect(a).toContain(70);
    expect(a).toContain('Moved away: 2; Did not like it: 1; Too expensive: 1');
    expect(a).toContain(800_000);
    expect((sheet.getRow(4).values as unknown[])[1]).toBe('Итого');
  });

  it('leaves the income column out for the limited admin, and writes the courses too', async () => {
    const { sheet } = await download(
      `/performance/teachers/export?branch_id=${w.main}&${MARCH}&lang=en`,
      w.tokens.limitedAdmin,
    );
    expect(sheet.getRow(1).values as unknown[]).not.toContain('Income (UZS)');
    const courses = await download(`/performance/courses/export?branch_id=${w.main}&${MARCH}`, w.tokens.admin);
    expect(courses.status).toBe(200);
    expect(courses.sheet.rowCount).toBe(5);
  });
});
