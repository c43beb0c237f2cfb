import { StudentStatus } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { groupStudents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createRemainingReportsWorld, queryOf, type RemainingReportsWorld } from './remaining-reports-test-world.js';

// Sunday 15 March 2026, noon in Tashkent.
const { app, database } = await openTestApp(undefined, { clock: () => new Date('2026-03-15T07:00:00Z') });
let w: RemainingReportsWorld;
const s: Record<string, number> = {};

/**
 * Group Alpha of Main studies Design (300 000 a month); everyone joined on 1 Sep 2025. The prices, set through
 * the API (the history's date of each is then moved to the day written here):
 *
 * | student | price   | dates                   | set on (by)        | since                          | state    |
 * |---------|---------|-------------------------|--------------------|--------------------------------|----------|
 * | s1      | 250 000 | 2026-02-01 – 2026-03-31 | 2026-01-20 (admin) |                                | active   |
 * | s2      | 250 000 | 2026-02-01 – 2026-03-31 | 2026-01-25 (owner) |                                | active   |
 * | s3      | 200 000 | 2026-01-01 – 2026-12-31 | 2025-12-20 (admin) | removed 2026-02-10             | removed  |
 * | s4      | 180 000 | 2026-01-01 – 2026-06-30 | 2025-12-28 (admin) | replaced 2026-03-01            | replaced |
 * | s4      | 280 000 | 2026-03-01 – 2026-06-30 | 2026-03-01 (admin) |                                | active   |
 * | s5      | 270 000 | 2026-05-01 – 2026-08-31 | 2026-03-05 (admin) |                                | upcoming |
 * | s6      | 150 000 | 2025-09-01 – 2025-12-31 | — (no history)     |                                | ended    |
 * | s7      | 350 000 | 2026-01-01 – 2026-12-31 | 2026-01-02 (admin) | above the course: forgoes 0    | active   |
 *
 * Income forgone, January–April: s3 100 000 until 9 Feb; s4 120 000 until 28 Feb, then 20 000; s1 and s2
 * 50 000 each in February and March → 220 000, 320 000, 120 000, 20 000. A price in North (s8) and one of the
 * other company must not show for Main.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createRemainingReportsWorld(app, db, 'discounts');
  const c = w.company.id;
  const design = await createCourse(db, c, { name: 'Design', price: 300_000 });
  const group = (name: string, branchId: number) =>
    createGroupRow(db, c, { branchId, courseId: design, teacherId: w.teachers.anvar, name, startDate: '2025-09-01' });
  const alpha = await group('Alpha', w.main);
  const northern = await group('Northern', w.north);
  let phone = 934_000_000;
  for (const name of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) {
    const branchId = name === 's8' ? w.north : w.main;
    s[name] = await createStudent(db, c, { name, phone: String(phone++), branchIds: [branchId] });
    await addStudentToGroupRow(db, c, name === 's8' ? northern : alpha, s[name], {
      createdDate: '2025-09-01',
      status: StudentStatus.active,
    });
  }
  /** The company's newest history event, dated as if written then. */
  const dated = (at: string) =>
    db.execute(sql`update history_events set created_at = ${`${at}T07:00:00Z`}::timestamptz
      where company_id = ${c} and id = (select max(id) from history_events where company_id = ${c})`);
  const price = async (
    student: string,
    sum: number,
    from: string,
    till: string,
    on: string,
    token = w.tokens.admin,
  ) => {
    await w.write(token, 'PUT', `/group/${alpha}/user/${s[student]}/exception`, {
      exception_sum: sum,
      exception_sum_reason: `Reason of ${student}`,
      exception_sum_start_date: from,
      exception_sum_end_date: till,
    });
    await dated(on);
  };
  await price('s3', 200_000, '2026-01-01', '2026-12-31', '2025-12-20');
  await price('s4', 180_000, '2026-01-01', '2026-06-30', '2025-12-28');
  await price('s7', 350_000, '2026-01-01', '2026-12-31', '2026-01-02');
  await price('s1', 250_000, '2026-02-01', '2026-03-31', '2026-01-20');
  await price('s2', 250_000, '2026-02-01', '2026-03-31', '2026-01-25', w.tokens.owner);
  await w.write(w.tokens.admin, 'DELETE', `/group/${alpha}/user/${s.s3}/exception`);
  await dated('2026-02-10');
  await price('s4', 280_000, '2026-03-01', '2026-06-30', '2026-03-01');
  await price('s5', 270_000, '2026-05-01', '2026-08-31', '2026-03-05');

  const direct = (companyId: number, groupId: number, studentId: number, sum: number, from: string, till: string) =>
    inCompany(db, companyId, (tx) =>
      tx
        .update(groupStudents)
        .set({ exceptionSum: sum, exceptionSumStartDate: from, exceptionSumEndDate: till })
        .where(and(eq(groupStudents.groupId, groupId), eq(groupStudents.studentId, studentId))),
    );
  await direct(c, alpha, s.s6!, 150_000, '2025-09-01', '2025-12-31');
  await direct(c, northern, s.s8!, 100_000, '2026-01-01', '2026-12-31');

  const o = w.other.id;
  const otherStudent = await createStudent(db, o, { name: 'Foreign', phone: '934999999', branchIds: [w.otherBranch] });
  const otherGroup = await createGroupRow(db, o, {
    branchId: w.otherBranch,
    courseId: await createCourse(db, o, { name: 'Design', price: 300_000 }),
    teacherId: otherStudent,
    startDate: '2025-09-01',
  });
  await addStudentToGroupRow(db, o, otherGroup, otherStudent, {
    createdDate: '2025-09-01',
    status: StudentStatus.active,
  });
  await direct(o, otherGroup, otherStudent, 0, '2026-01-01', '2026-12-31');
});

const discounts = (query: Record<string, string | number | undefined> = {}, token = w.tokens.owner) =>
  w.api(token, 'GET', `/reports/discounts${queryOf({ from: '2026-01', till: '2026-04', ...query })}`);
const who = (body: { data: { student: { name: string }; state: string }[] }) =>
  body.data.map((row) => `${row.student.name} ${row.state}`);

describe('GET /reports/discounts', () => {
  it('lists every individual price of the branch, in force or past, newest first, with who set it', async () => {
    const res = await discounts({ branch_id: w.main });
    expect(res.status).toBe(200);
    expect(who(res.body)).toEqual([
      's5 upcoming',
      's4 active',
      's2 active',
      's1 active',
      's7 active',
      's4 replaced',
      's3 removed',
      's6 ended',
    ]);
    const [, , s2, s1, s7, s4old, s3, s6] = res.body.data;
    expect(s1).toMatchObject({
      group: { title: 'Alpha' },
      course: { name: 'Design' },
      regular_price: 300_000,
      price: 250_000,
      discount: 50_000,
      reason: 'Reason of s1',
      start_date: '2026-02-01',
      end_date: '2026-03-31',
      set_by: { id: w.company.users.admin.id },
      set_at: '2026-01-20T07:00:00Z',
      closed_on: null,
    });
    expect(s2.set_by.id).toBe(w.company.users.owner.id);
    expect(s7).toMatchObject({ price: 350_000, discount: -50_000 });
    expect(s4old).toMatchObject({
      price: 180_000,
      start_date: '2026-01-01',
      end_date: '2026-06-30',
      closed_on: '2026-03-01',
    });
    expect(s3).toMatchObject({ price: 200_000, closed_on: '2026-02-10', set_by: { id: w.company.users.admin.id } });
    expect(s6).toMatchObject({ price: 150_000, set_by: null, set_at: null, reason: null });
    expect(res.body.pagination.total).toBe(8);
  });

  it('sums the income forgone per month while each price was in force', async () => {
    const res = await discounts({ branch_id: w.main });
    expect(res.body.months).toEqual([
      { month: '2026-01', forgone: 220_000, students: 3 },
      { month: '2026-02', forgone: 320_000, students: 5 },
      { month: '2026-03', forgone: 120_000, students: 4 },
      { month: '2026-04', forgone: 20_000, students: 2 },
    ]);
    expect(res.body.total_forgone).toBe(680_000);
    // The prices in force today: in February only s1 and s2 (250 000 instead of 300 000) forgo anything, 100 000;
    // in March s4's 280 000 adds 20 000.
    const standing = await discounts({ branch_id: w.main, state: 'active', from: '2026-02', till: '2026-03' });
    expect(standing.body.months).toEqual([
      { month: '2026-02', forgone: 100_000, students: 3 },
      { month: '2026-03', forgone: 120_000, students: 4 },
    ]);
    const two = await discounts({ branch_id: w.main, from: '2026-02', till: '2026-03', search: 's1' });
    expect(two.body.months).toEqual([
      { month: '2026-02', forgone: 50_000, students: 1 },
      { month: '2026-03', forgone: 50_000, students: 1 },
    ]);
  });

  it('filters by state and pages', async () => {
    expect(who((await discounts({ branch_id: w.main, state: 'active' })).body)).toEqual([
      's4 active',
      's2 active',
      's1 active',
      's7 active',
    ]);
    expect(who((await discounts({ branch_id: w.main, state: 'removed' })).body)).toEqual(['s3 removed']);
    const page = await discounts({ branch_id: w.main, per_page: 3, page: 3 });
    expect(who(page.body)).toEqual(['s3 removed', 's6 ended']);
    expect(page.body.pagination).toMatchObject({ total: 8, total_pages: 3 });
  });

  it("keeps to the caller's branches and never shows another company's prices", async () => {
    const all = await discounts();
    expect(all.body.pagination.total).toBe(9);
    expect(who(all.body)).toContain('s8 active');
    const north = await discounts({}, w.tokens.northAdmin);
    expect(who(north.body)).toEqual(['s8 active']);
    expect(north.body.months.map((m: { forgone: number }) => m.forgone)).toEqual([200_000, 200_000, 200_000, 200_000]);
    expect((await discounts({ branch_id: w.main }, w.tokens.northAdmin)).status).toBe(403);
    expect((await discounts({ branch_id: w.otherBranch })).status).toBe(403);
    const other = await discounts({}, w.tokens.otherOwner);
    expect(who(other.body)).toEqual(['Foreign active']);
  });

  it('refuses roles outside the reports area', async () => {
    for (const token of [w.tokens.cashier, w.tokens.teacher, w.tokens.marketer, w.tokens.limitedAdmin]) {
      expect((await discounts({}, token)).status).toBe(403);
    }
    expect((await discounts({}, w.tokens.director)).status).toBe(200);
  });

  it('downloads the prices and the months as Excel', async () => {
    const file = await w.download(
      `/reports/discounts/export${queryOf({ branch_id: w.main, from: '2026-01', till: '2026-04', lang: 'uz' })}`,
    );
    expect(file.status).toBe(200);
    const [prices, months] = file.workbook.worksheets;
    expect(prices!.name).toBe('Chegirmalar');
    expect(prices!.rowCount).toBe(9);
    expect(prices!.getRow(2).getCell(1).value).toBe('s5');
    expect(prices!.getRow(2).getCell(12).value).toBe('Boshlanmagan');
    expect(months!.getRow(5).getCell(2).value).toBe(20_000);
    expect(months!.getRow(6).getCell(1).value).toBe('Jami');
    expect(months!.getRow(6).getCell(2).value).toBe(680_000);
    expect((await w.download('/reports/discounts/export?from=2026-01&till=2026-04', w.tokens.teacher)).status).toBe(
      403,
    );
  });
});
