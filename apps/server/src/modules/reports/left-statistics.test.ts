import { StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createArchiveReason, createCourse } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createRemainingReportsWorld, queryOf, type RemainingReportsWorld } from './remaining-reports-test-world.js';

const { app, database } = await openTestApp();
let w: RemainingReportsWorld;
let reasons: { price: number; moved: number };

/**
 * Groups: G1 (English, Anvar), G2 (Math, Botir), G3 (English, Botir), Northern (English, Anvar, North).
 *
 * | student | left            | on         | reason        | counted (Main, Jan–Mar 2026)  |
 * |---------|-----------------|------------|---------------|-------------------------------|
 * | a       | G1              | 2026-01-15 | Price         | yes                           |
 * | b       | G1              | 2026-02-10 | Moved away    | yes                           |
 * | c       | G2              | 2026-02-20 | Price         | yes                           |
 * | d       | G3              | 2026-02-25 | —             | yes                           |
 * | e       | G1 (joined G2 the same day: a transfer) | 2026-03-01 | Price | only with include_moved |
 * | f       | Northern        | 2026-02-05 | Price         | only for all branches         |
 * | g       | G1              | 2025-12-20 | Price         | before the period             |
 * | h       | G1, still there | —          | —             | no                            |
 *
 * The other company has a departure of its own, never counted.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createRemainingReportsWorld(app, db, 'left');
  const c = w.company.id;
  reasons = { price: await createArchiveReason(db, c, 'Price'), moved: await createArchiveReason(db, c, 'Moved away') };
  const group = (name: string, courseId: number, teacherId: number, branchId = w.main) =>
    createGroupRow(db, c, { branchId, courseId, teacherId, name, startDate: '2025-09-01' });
  const g1 = await group('G1', w.courses.english, w.teachers.anvar);
  const g2 = await group('G2', w.courses.math, w.teachers.botir);
  const g3 = await group('G3', w.courses.english, w.teachers.botir);
  const northern = await group('Northern', w.courses.english, w.teachers.anvar, w.north);
  let phone = 933_000_000;
  const left = async (name: string, groupId: number, leftDate: string, reason: number | null, branchId = w.main) => {
    const student = await createStudent(db, c, { name, phone: String(phone++), branchIds: [branchId] });
    await addStudentToGroupRow(db, c, groupId, student, {
      createdDate: '2025-10-01',
      status: StudentStatus.archived,
      leftDate,
      archiveReasonId: reason,
    });
    return student;
  };
  await left('a', g1, '2026-01-15', reasons.price);
  await left('b', g1, '2026-02-10', reasons.moved);
  await left('c', g2, '2026-02-20', reasons.price);
  await left('d', g3, '2026-02-25', null);
  const e = await left('e', g1, '2026-03-01', reasons.price);
  await addStudentToGroupRow(db, c, g2, e, { createdDate: '2026-03-01', status: StudentStatus.active });
  await left('f', northern, '2026-02-05', reasons.price, w.north);
  await left('g', g1, '2025-12-20', reasons.price);
  const h = await createStudent(db, c, { name: 'h', phone: String(phone++), branchIds: [w.main] });
  await addStudentToGroupRow(db, c, g1, h, { createdDate: '2025-10-01', status: StudentStatus.active });

  const o = w.other.id;
  const otherTeacher = await createStudent(db, o, { name: 'Other', phone: '933999999', branchIds: [w.otherBranch] });
  const otherGroup = await createGroupRow(db, o, {
    branchId: w.otherBranch,
    courseId: await createCourse(db, o, { name: 'English' }),
    teacherId: otherTeacher,
    startDate: '2025-09-01',
  });
  const foreign = await createStudent(db, o, { name: 'Foreign', phone: '933999998', branchIds: [w.otherBranch] });
  await addStudentToGroupRow(db, o, otherGroup, foreign, {
    createdDate: '2025-10-01',
    status: StudentStatus.archived,
    leftDate: '2026-02-01',
  });
});

const statistics = (query: Record<string, string | number | undefined> = {}, token = w.tokens.admin) =>
  w.api(
    token,
    'GET',
    `/reports/left-students/statistics${queryOf({ date_start: '2026-01-01', date_end: '2026-03-31', ...query })}`,
  );

describe('GET /reports/left-students/statistics', () => {
  it('counts the departures of the period by teacher, course, month and reason', async () => {
    const res = await statistics({ branch_id: w.main });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 4,
      by_teacher: [
        { teacher: { id: w.teachers.anvar, name: 'Anvar Teacher' }, count: 2 },
        { teacher: { id: w.teachers.botir, name: 'Botir Teacher' }, count: 2 },
      ],
      by_course: [
        { course: { id: w.courses.english, name: 'English' }, count: 3 },
        { course: { id: w.courses.math, name: 'Math' }, count: 1 },
      ],
      by_month: [
        { month: '2026-01', count: 1 },
        { month: '2026-02', count: 3 },
      ],
      by_reason: [
        { reason: { id: reasons.price, name: 'Price' }, count: 2 },
        { reason: { id: reasons.moved, name: 'Moved away' }, count: 1 },
        { reason: null, count: 1 },
      ],
    });
  });

  it('takes the filters of the list: transfers when asked, a reason, a name, every branch of the caller', async () => {
    const moved = await statistics({ branch_id: w.main, include_moved: 1 });
    expect(moved.body.total).toBe(5);
    expect(moved.body.by_month).toContainEqual({ month: '2026-03', count: 1 });
    const price = await statistics({ branch_id: w.main, reason_id: reasons.price });
    expect(price.body.total).toBe(2);
    expect((await statistics({ branch_id: w.main, search: 'b' })).body.total).toBe(1);
    // Owner without a branch: Main and North, never the other company.
    const all = await statistics({}, w.tokens.owner);
    expect(all.body.total).toBe(5);
    expect(all.body.by_teacher).toEqual([
      { teacher: { id: w.teachers.anvar, name: 'Anvar Teacher' }, count: 3 },
      { teacher: { id: w.teachers.botir, name: 'Botir Teacher' }, count: 2 },
    ]);
    const north = await statistics({}, w.tokens.northAdmin);
    expect(north.body.total).toBe(1);
  });

  it('refuses a branch of another company or not the caller’s, and roles outside the reports area', async () => {
    expect((await statistics({ branch_id: w.main }, w.tokens.northAdmin)).status).toBe(403);
    expect((await statistics({ branch_id: w.otherBranch })).status).toBe(403);
    for (const token of [w.tokens.teacher, w.tokens.cashier, w.tokens.marketer, w.tokens.limitedAdmin]) {
      expect((await statistics({}, token)).status).toBe(403);
    }
  });
});
