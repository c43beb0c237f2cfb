import type { CourseConversion, StudentsActivity, TeacherConversion } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createPerformanceWorld, MARCH, type PerformanceWorld } from './performance-test-world.js';

const { app, database } = await openTestApp();
let w: PerformanceWorld;

beforeAll(async () => {
  w = await createPerformanceWorld(app, database.db);
}, 60_000);

describe('the trial conversion report', () => {
  it('gives per teacher the trials of the period and what became of them', async () => {
    const res = await w.get(w.tokens.admin, `/reports/conversion/teachers?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    const report = res.body as TeacherConversion;
    // Teacher B had no trial student (a transfer is not one): no row.
    expect(report.data).toEqual([
      {
        teacher: { id: w.teachers.a, name: 'Aziza Teacher' },
        trials: 4,
        converted: 2,
        in_trial: 1,
        lost: 1,
        percent: 50,
      },
    ]);
    expect(report.total).toEqual({ trials: 4, converted: 2, in_trial: 1, lost: 1, percent: 50 });
  });

  it('gives it per course: the English trials both paid, the Math ones did not', async () => {
    const res = await w.get(w.tokens.director, `/reports/conversion/courses?branch_id=${w.main}&${MARCH}`);
    expect(res.status).toBe(200);
    const report = res.body as CourseConversion;
    expect(report.data.map((r) => [r.course.name, r.trials, r.converted, r.percent])).toEqual([
      ['English', 2, 2, 100],
      ['Math', 2, 0, 0],
    ]);
  });

  it('is for the reports area only', async () => {
    for (const token of [w.tokens.limitedAdmin, w.tokens.cashier, w.tokens.teacher]) {
      const res = await w.get(token, `/reports/conversion/teachers?branch_id=${w.main}&${MARCH}`);
      expect(res.status).toBe(403);
    }
  });
});

describe("the students' activity report", () => {
  it('cuts the period into months whose ends meet, and adds them up', async () => {
    const res = await w.get(
      w.tokens.admin,
      `/reports/students/activity?branch_id=${w.main}&from=2026-02-10&till=2026-03-31&teacher_id=${w.teachers.a}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body as StudentsActivity;
    expect(report.months).toEqual([
      {
        month: '2026-02',
        from: '2026-02-10',
        till: '2026-02-28',
        active_at_start: 10,
        new_students: 0,
        converted: 0,
        left: 0,
        moved_out: 0,
        active_at_end: 10,
      },
      {
        month: '2026-03',
        from: '2026-03-01',
        till: '2026-03-31',
        active_at_start: 10,
        new_students: 4,
        converted: 2,
        left: 4,
        moved_out: 1,
        active_at_end: 8,
      },
    ]);
    expect(report.total).toEqual({
      active_at_start: 10,
      new_students: 4,
      converted: 2,
      left: 4,
      moved_out: 1,
      active_at_end: 8,
    });
  });

  it('reads the status timeline day by day: the trials paid from the 10th', async () => {
    const firstWeek = await w.get(
      w.tokens.admin,
      `/reports/students/activity?branch_id=${w.main}&from=2026-03-01&till=2026-03-09&teacher_id=${w.teachers.a}`,
    );
    expect((firstWeek.body as StudentsActivity).total).toMatchObject({
      active_at_start: 10,
      active_at_end: 10,
      left: 0,
    });
    const secondWeek = await w.get(
      w.tokens.admin,
      `/reports/students/activity?branch_id=${w.main}&from=2026-03-10&till=2026-03-16&teacher_id=${w.teachers.a}`,
    );
    // s4 and t4 left, s12 moved, t1 and t2 began paying: 10 − 1 − 1 + 2.
    expect((secondWeek.body as StudentsActivity).total).toMatchObject({
      active_at_start: 10,
      left: 2,
      moved_out: 1,
      active_at_end: 10,
    });
  });

  it('counts the whole branch without a filter, and never another company', async () => {
    const res = await w.get(w.tokens.owner, `/reports/students/activity?branch_id=${w.main}&${MARCH}`);
    expect((res.body as StudentsActivity).total).toEqual({
      active_at_start: 12,
      new_students: 4,
      converted: 2,
      left: 4,
      moved_out: 1,
      active_at_end: 11,
    });
    const foreign = await w.get(w.tokens.owner, `/reports/students/activity?branch_id=${w.foreignBranch}&${MARCH}`);
    expect(foreign.status).toBe(404);
  });
});
