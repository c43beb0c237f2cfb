import { type Dashboard, GroupStatus, StudentStatus } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { branches, companies, leads } from '../../db/schema/index.js';
import { recordHistory } from '../../platform/history.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createLeadSourceRow, insertLeads } from '../../seed/leads-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { bookEntry } from '../finance/ledger.js';
import { createFinanceReportsWorld, type FinanceReportsWorld } from '../finance-reports/finance-reports-test-world.js';
import { insertMarks } from '../reports/reports-test-world.js';

// The last day of March 2026, at noon in Tashkent: "this month" is the finance world's March.
const { app, database } = await openTestApp(undefined, { clock: () => new Date('2026-03-31T07:00:00Z') });
let w: FinanceReportsWorld;
let teacherToken: string;
let limitedToken: string;

const dashboardOf = async (token: string, query: string) => {
  const res = await w.api(token, 'GET', `/dashboard?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Dashboard;
};

/**
 * Besides the finance world's book (see its table): ten leads of March in Main with known stages and a February
 * one, a student who left Alpha on 10 March, four marks in Alpha, a licence to 30 April, and a debtor of another
 * company that must never be counted.
 */
beforeAll(async () => {
  w = await createFinanceReportsWorld(app, database.db);
  const db = database.db;
  const cid = w.company.id;
  const instagram = await createLeadSourceRow(db, cid, 'Instagram');
  const friend = await createLeadSourceRow(db, cid, 'Friend');
  const march = new Date('2026-03-12T06:00:00Z');
  const lead = (n: number, column: 'incoming' | 'waiting' | 'set', sourceId: number, createdAt = march) => ({
    branchId: w.main,
    name: `Lead ${n}`,
    phone: `9300000${String(n).padStart(2, '0')}`,
    column,
    sourceId,
    createdAt,
  });
  const made = await insertLeads(db, cid, [
    lead(1, 'incoming', instagram),
    lead(2, 'incoming', instagram),
    lead(3, 'incoming', instagram),
    lead(4, 'waiting', instagram),
    lead(5, 'waiting', instagram),
    lead(6, 'waiting', friend),
    lead(7, 'set', friend),
    lead(8, 'set', friend),
    lead(9, 'set', friend),
    lead(10, 'set', friend),
    lead(11, 'incoming', friend, new Date('2026-02-12T06:00:00Z')),
  ]);
  // Lead 9 became Aziz One (who paid), lead 10 a new trial student who has not paid.
  const trial = await createStudent(db, cid, { name: 'Trial Student', phone: '930000099', branchIds: [w.main] });
  await addStudentToGroupRow(db, cid, w.groups.beta, trial, { createdDate: '2026-03-20' });
  await inCompany(db, cid, async (tx) => {
    await tx.update(leads).set({ studentId: w.s.s1 }).where(eq(leads.id, made[8]!.id));
    await tx.update(leads).set({ studentId: trial }).where(eq(leads.id, made[9]!.id));
    await tx.update(companies).set({ licenceEndsOn: '2026-04-30' }).where(eq(companies.id, cid));
  });
  const leaver = await createStudent(db, cid, { name: 'Left Early', phone: '930000098', branchIds: [w.main] });
  await addStudentToGroupRow(db, cid, w.groups.alpha, leaver, {
    createdDate: '2026-02-01',
    status: StudentStatus.archived,
    leftDate: '2026-03-10',
  });
  await insertMarks(db, cid, w.groups.alpha, {
    [w.s.s1]: { '2026-03-02': 1, '2026-03-04': 1, '2026-03-06': 0 },
    [w.s.s2]: { '2026-03-02': 1 },
  });
  const otherId = await otherCompanyId();
  const foreigner = await createStudent(db, otherId, {
    name: 'Foreign Debtor',
    phone: '930000097',
    branchIds: [w.foreignBranch],
  });
  await inCompany(db, otherId, (tx) =>
    bookEntry(
      tx,
      { id: 0, companyId: otherId },
      { kind: 'charge', amount: -5_000_000, date: '2026-03-01', branchId: w.foreignBranch, studentId: foreigner },
    ),
  );
  teacherToken = await loginAs(app, w.company.subdomain, '940000002');
  limitedToken = await loginAs(app, w.company.subdomain, '900000010');
});

/** The company that owns the finance world's foreign branch. */
async function otherCompanyId(): Promise<number> {
  const [row] = await database.db
    .select({ companyId: branches.companyId })
    .from(branches)
    .where(eq(branches.id, w.foreignBranch));
  return row!.companyId;
}

describe('GET /dashboard', () => {
  it('gives the owner every card of the branch from the known book', async () => {
    const d = await dashboardOf(w.tokens.owner, `branch_id=${w.main}`);
    expect(d.month).toEqual({ from: '2026-03-01', till: '2026-03-31' });
    expect(d.groups).toEqual({ active: 3, selection: 0 });
    // s1, s2 and s3 hold active places, the lead's trial student a trial one; Left Early and s4 none.
    expect(d.students).toMatchObject({ active: 3, trial: 1, frozen: 0 });
    expect(d.left_this_month).toBe(1);
    expect(d.attendance).toEqual({ present: 3, absent: 1, percent: 75 });
    // s1: 250 000 + 500 000 − 50 000 − 600 000 × 2 = −500 000; s2: 500 000 − 1 050 000 = −550 000.
    expect(d.debtors).toEqual({ count: 2, total_debt: -1_050_000 });
    expect(d.leads).toEqual({ new_this_month: 10, in_work: 9 });
    expect(d.funnel).toEqual({ leads: 10, waiting_or_set: 7, trial: 2, paid: 1 });
    expect(d.lead_sources).toEqual([
      { source: 'Friend', leads: 5, paid: 1, share: 50, conversion: 20 },
      { source: 'Instagram', leads: 5, paid: 0, share: 50, conversion: 0 },
    ]);
    // March: 1 500 000 paid (the cancelled 999 000 not), 50 000 refunded, 2 300 000 expenses + 1 000 000 salary.
    expect(d.money).toEqual({
      this_month: {
        from: '2026-03-01',
        till: '2026-03-31',
        payments: 1_500_000,
        expenses: 3_300_000,
        profit: -1_850_000,
      },
      last_month: { from: '2026-02-01', till: '2026-02-28', payments: 250_000, expenses: 100_000, profit: 150_000 },
    });
    expect(d.monthly).toHaveLength(12);
    expect(d.monthly.at(0)?.month).toBe('2025-04');
    expect(d.monthly.slice(-2)).toEqual([
      { month: '2026-02', active_students: 1, payments: 250_000 },
      { month: '2026-03', active_students: 3, payments: 1_500_000 },
    ]);
    expect(d.licence).toEqual({ ends_on: '2026-04-30', days_left: 30 });
    expect(d.filter_options).toBeNull();
    expect(d.policies).toMatchObject({ money: true, leads: true, logs: true, open_debtors: true });
    // The world's payments and expenses are history events: the branch's (or the company's) newest eight.
    const logs = d.logs ?? [];
    expect(logs).toHaveLength(8);
    const times = logs.map((event) => event.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(logs.every((event) => event.branch_id === null || event.branch_id === w.main)).toBe(true);
  });

  it('shows a teacher only his own groups, their students and attendance, and no money or leads', async () => {
    const d = await dashboardOf(teacherToken, '');
    expect(d.scope).toBe('teacher');
    expect(d.branch_id).toBeNull();
    // Alpha, Beta, Geometry in Main and Northern in North are all his.
    expect(d.groups).toEqual({ active: 4, selection: 0 });
    expect(d.students).toEqual({ all: 5, active: 4, trial: 1, frozen: 0 });
    expect(d.attendance.percent).toBe(75);
    expect(d.money).toBeNull();
    expect(d.leads).toBeNull();
    expect(d.funnel).toBeNull();
    expect(d.debtors).toBeNull();
    expect(d.logs).toBeNull();
    expect(d.monthly.at(-1)).toEqual({ month: '2026-03', active_students: 4, payments: null });
    expect(d.policies.money).toBe(false);
    expect(d.licence).toBeNull();
  });

  it('shows a limited admin no money, and a teacher of no group nothing of the others', async () => {
    const limited = await dashboardOf(limitedToken, `branch_id=${w.main}`);
    expect(limited.money).toBeNull();
    expect(limited.debtors).toEqual({ count: 2, total_debt: null });
    expect(limited.monthly.every((month) => month.payments === null)).toBe(true);
    expect(limited.policies).toMatchObject({ money: false, logs: false, open_students: false, open_groups: true });
    expect(limited.logs).toBeNull();
    const idle = await dashboardOf(w.tokens.teacher, '');
    expect(idle.groups).toEqual({ active: 0, selection: 0 });
    expect(idle.students.all).toBe(0);
  });

  it('refuses a branch the caller does not work in and the roles outside the dashboard', async () => {
    expect((await w.api(w.tokens.owner, 'GET', `/dashboard?branch_id=${w.foreignBranch}`)).status).toBe(403);
    expect((await w.api(w.tokens.cashier, 'GET', `/dashboard?branch_id=${w.main}`)).status).toBe(403);
    expect((await w.api(w.tokens.marketer, 'GET', `/dashboard?branch_id=${w.main}`)).status).toBe(403);
    const missing = await w.api(w.tokens.owner, 'GET', '/dashboard');
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0]).toMatchObject({ field: 'branch_id', rule: 'required' });
  });

  it('offers card filters past ten groups, and every card follows them', async () => {
    const cid = w.company.id;
    for (let i = 0; i < 9; i++) {
      await createGroupRow(database.db, cid, {
        branchId: w.main,
        courseId: w.math,
        teacherId: w.company.users.teacher.id,
        name: `Math ${i}`,
        status: GroupStatus.selection,
        dayType: 'weekend',
      });
    }
    // The factory skips the history event the API writes with every group, by which answers are kept.
    await inCompany(database.db, cid, (tx) =>
      recordHistory(tx, { id: w.company.users.owner.id, companyId: cid }, { event: 'groupCreated', entity: 'group' }),
    );
    const d = await dashboardOf(w.tokens.owner, `branch_id=${w.main}`);
    expect(d.groups).toEqual({ active: 3, selection: 9 });
    expect(d.filter_options?.courses.map((course) => course.name)).toEqual(['B1', 'English', 'Math']);
    expect(d.filter_options?.day_types).toContain('weekend');
    const math = await dashboardOf(w.tokens.owner, `branch_id=${w.main}&course_id=${w.math}`);
    // Geometry (active, s2) and the nine selection groups.
    expect(math.groups).toEqual({ active: 1, selection: 9 });
    expect(math.students).toEqual({ all: 1, active: 1, trial: 0, frozen: 0 });
    expect(math.debtors).toEqual({ count: 1, total_debt: -550_000 });
    expect(math.left_this_month).toBe(0);
    expect(math.monthly.at(-1)?.active_students).toBe(1);
  });
});

describe('GET /partInformation', () => {
  it('answers the counters alone, the same as the dashboard', async () => {
    const res = await w.api(w.tokens.admin, 'GET', `/partInformation?branch_id=${w.north}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groups: { active: 1, selection: 0 }, debtors: { count: 0 } });
    expect(res.body.money).toBeUndefined();
    expect(res.body.funnel).toBeUndefined();
  });
});

describe('kept answers', () => {
  it('gives a changed figure as soon as a change is recorded, never the answer from before it', async () => {
    const before = await dashboardOf(w.tokens.owner, `branch_id=${w.north}`);
    const again = await dashboardOf(w.tokens.owner, `branch_id=${w.north}`);
    expect(again).toEqual(before);
    const res = await w.api(w.tokens.owner, 'POST', '/payment', {
      student_id: w.s.north,
      group_id: w.groups.north,
      amount: 123_000,
      method: 'cash',
      date: '2026-03-30',
    });
    expect(res.status).toBe(200);
    const after = await dashboardOf(w.tokens.owner, `branch_id=${w.north}`);
    expect(after.money?.this_month.payments).toBe((before.money?.this_month.payments ?? 0) + 123_000);
  });
});
