import { localDate, Role, StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp } from '../../../test/helpers.js';
import { groupStudents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { inCompany } from '../../platform/tenancy.js';
import { bookEntry } from '../finance/ledger.js';
import { type StudentMoneyMovement, settleStudentMoney } from '../groups/money-hooks.js';
import { type BillingWorld, createBillingWorld } from './billing-test-world.js';

/**
 * settleStudentMoney (groups/money-hooks.ts): activation, archiving with and without
 * return_the_money, and transfers, on docs/billing.md's calendar (600 000 sum a month,
 * odd days from 3 March 2025, Navruz on the 21st).
 */
const { app, database } = await openTestApp();
const { db } = database;

const actorOf = (w: BillingWorld): Actor => ({
  id: w.ownerId,
  companyId: w.companyId,
  sessionId: 'settle-test',
  name: 'Owner',
  roles: [Role.owner],
  branchIds: w.branchIds,
  allBranches: true,
});

/** The hook as the groups module calls it, in a transaction acting at noon of `date`. */
const settle = (w: BillingWorld, date: string, movement: StudentMoneyMovement) =>
  w.at(date, (tx) => settleStudentMoney(tx, actorOf(w), movement));

const monthly = () => createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' });

describe('settleStudentMoney', () => {
  it('books what is due at once when a student is activated', async () => {
    const w = await monthly();
    const other = await w.createGroup();
    const student = await w.addStudent({ status: StudentStatus.inactive });
    await w.addStudent({ student, group: other, status: StudentStatus.active });
    await w.setStatus(student, StudentStatus.active, '2025-03-10');
    await settle(w, '2025-03-10', {
      kind: 'activation',
      groupId: w.groupId,
      studentId: student,
      recalculationInAllGroups: false,
    });
    // 9 of March's 12 lessons, from the 10th (the trial week is not charged).
    expect(await w.owed(student)).toEqual({ 'month:2025-03': 450_000 });
    expect(await w.owed(student, other)).toEqual({});

    // recalculation_in_all_groups: his other group is billed too.
    await settle(w, '2025-03-10', {
      kind: 'activation',
      groupId: w.groupId,
      studentId: student,
      recalculationInAllGroups: true,
    });
    expect(await w.owed(student, other)).toEqual({ 'month:2025-03': 600_000 });
    expect(await w.owed(student)).toEqual({ 'month:2025-03': 450_000 });
  });

  it('keeps the month a student leaves in charged, unless the money is returned', async () => {
    const w = await monthly();
    const keeps = await w.addStudent();
    const returned = await w.addStudent();
    await w.run('2025-03-03');
    for (const student of [keeps, returned]) {
      await w.setStatus(student, StudentStatus.archived, '2025-03-17');
      await settle(w, '2025-03-17', {
        kind: 'archive',
        groupId: w.groupId,
        studentId: student,
        returnTheMoney: student === returned,
        leftDate: '2025-03-17',
      });
    }
    expect(await w.owed(keeps)).toEqual({ 'month:2025-03': 600_000 });
    // Lessons before the 17th: 3, 5, 7, 10, 12, 14 — 6 of 12.
    expect(await w.owed(returned)).toEqual({ 'month:2025-03': 300_000 });
    const reversal = (await w.entries(returned)).find((e) => e.reversesId !== null);
    expect(reversal).toMatchObject({ amount: 600_000, reason: 'Money returned: left the group on 2025-03-17' });
    // The daily runs leave a departure as it was settled.
    await w.run('2025-03-18');
    await w.run('2025-04-01');
    expect(await w.owed(keeps)).toEqual({ 'month:2025-03': 600_000 });
    expect(await w.owed(returned)).toEqual({ 'month:2025-03': 300_000 });
  });

  it('returns the lessons of a course not taken', async () => {
    const w = await createBillingWorld(db, {
      mode: 'by_course',
      lessonsPerMonth: 'dynamic',
      group: { endDate: '2025-05-31' },
    });
    const student = await w.addStudent();
    await w.run('2025-03-03');
    expect(await w.owed(student)).toEqual({ course: 1_800_000 });
    await w.setStatus(student, StudentStatus.archived, '2025-04-01');
    await settle(w, '2025-04-01', {
      kind: 'archive',
      groupId: w.groupId,
      studentId: student,
      returnTheMoney: true,
      leftDate: '2025-04-01',
    });
    // 12 of the course's 38 lessons were taken: 1 800 000 × 12 ÷ 38.
    expect(await w.owed(student)).toEqual({ course: 568_421 });
  });

  it('settles both groups of a transfer and moves the money returned', async () => {
    const w = await monthly();
    const target = await w.createGroup();
    const student = await w.addStudent();
    await inCompany(db, w.companyId, (tx) =>
      bookEntry(
        tx,
        { id: w.ownerId, companyId: w.companyId },
        {
          kind: 'payment',
          amount: 600_000,
          date: '2025-03-03',
          branchId: w.branchId,
          studentId: student,
          groupId: w.groupId,
          method: 'cash',
        },
      ),
    );
    await w.run('2025-03-03');
    // What transferStudent does to the places, then its call of the hook.
    await w.setStatus(student, StudentStatus.archived, '2025-03-17');
    await w.addStudent({ student, group: target, createdDate: '2025-03-17' });
    await settle(w, '2025-03-17', {
      kind: 'transfer',
      studentId: student,
      fromGroupId: w.groupId,
      toGroupId: target,
      returnTheMoney: true,
      date: '2025-03-17',
    });
    expect(await w.owed(student)).toEqual({ 'month:2025-03': 300_000 });
    expect(await w.owed(student, target)).toEqual({ 'month:2025-03': 300_000 });
    const transfers = (await w.entries(student)).filter((e) => e.kind === 'transfer');
    expect(transfers.map((e) => [e.groupId, e.amount])).toEqual([
      [w.groupId, -300_000],
      [target, 300_000],
    ]);
    const balance = (group: number) =>
      w.entries(student).then((rows) => rows.filter((e) => e.groupId === group).reduce((s, e) => s + e.amount, 0));
    expect(await balance(w.groupId)).toBe(0);
    expect(await balance(target)).toBe(0);
  });

  it('without return_the_money keeps the old month and bills the new group', async () => {
    const w = await monthly();
    const target = await w.createGroup();
    const student = await w.addStudent();
    await w.run('2025-03-03');
    await w.setStatus(student, StudentStatus.archived, '2025-03-17');
    await w.addStudent({ student, group: target, createdDate: '2025-03-17' });
    await settle(w, '2025-03-17', {
      kind: 'transfer',
      studentId: student,
      fromGroupId: w.groupId,
      toGroupId: target,
      returnTheMoney: false,
      date: '2025-03-17',
    });
    expect(await w.owed(student)).toEqual({ 'month:2025-03': 600_000 });
    expect(await w.owed(student, target)).toEqual({ 'month:2025-03': 300_000 });
    expect((await w.entries(student)).filter((e) => e.kind === 'transfer')).toEqual([]);
  });

  it('is called by the student status route: activating books the month', async () => {
    const w = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic', roleUsers: true });
    const student = await w.addStudent({ status: StudentStatus.inactive });
    const admin = await loginAs(app, w.subdomain, w.users!.admin.phone);
    const res = await call(app, {
      method: 'PUT',
      url: `/api/v1/group/${w.groupId}/student/${student}/${StudentStatus.active}`,
      sub: w.subdomain,
      token: admin,
    });
    expect(res.status).toBe(200);
    const month = localDate().slice(0, 7);
    const owed = await w.owed(student);
    expect(Object.keys(owed)).toEqual([`month:${month}`]);
    expect(owed[`month:${month}`]).toBeGreaterThan(0);
    expect(owed[`month:${month}`]).toBeLessThanOrEqual(600_000);
    const [place] = await inCompany(db, w.companyId, (tx) =>
      tx
        .select()
        .from(groupStudents)
        .where(and(eq(groupStudents.groupId, w.groupId), eq(groupStudents.studentId, student))),
    );
    expect(place?.status).toBe(StudentStatus.active);
  });
});
