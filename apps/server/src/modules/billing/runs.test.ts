import { StudentStatus } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, testJobs } from '../../../test/helpers.js';
import { billingRuns } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type BillingWorld, createBillingWorld, noonOf } from './billing-test-world.js';
import { runBilling } from './runs.js';
import { dispatchBilling } from './scheduler.js';

/** The durable daily run: once per company and day across processes, complete after a crash. */
const database = await openTestDatabase();
const { db } = database;

/** Three groups of monthly students (600 000 sum a month), run on 10 March 2025. */
async function threeGroups() {
  const w = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' });
  const groups = [w.groupId, await w.createGroup(), await w.createGroup()];
  const students: number[] = [];
  for (const group of groups) {
    students.push(await w.addStudent({ group }), await w.addStudent({ group, createdDate: '2025-03-17' }));
  }
  return { w, groups, students };
}

const runRow = (w: BillingWorld, date: string) =>
  inCompany(db, w.companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(billingRuns)
      .where(and(eq(billingRuns.companyId, w.companyId), eq(billingRuns.runDate, date)));
    return row;
  });

/** Each student's March: 600 000 from the start, 300 000 for those who join on the 17th. */
async function expectMarchBooked(w: BillingWorld, groups: number[], students: number[]) {
  for (let i = 0; i < students.length; i++) {
    expect(await w.owed(students[i]!, groups[Math.floor(i / 2)])).toEqual({
      'month:2025-03': i % 2 === 0 ? 600_000 : 300_000,
    });
  }
  const keys = (await w.entries()).map((e) => e.naturalKey).filter(Boolean);
  expect(keys).toHaveLength(students.length);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('the daily billing run', () => {
  it('runs a company day once when two processes start it together', async () => {
    const { w, groups, students } = await threeGroups();
    const outcomes = await Promise.all([
      runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10'), batchGroups: 1 }),
      runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10'), batchGroups: 1 }),
    ]);
    const statuses = outcomes.map((o) => o.status).sort();
    expect(statuses[0]).toBe(statuses.includes('already_done') ? 'already_done' : 'busy');
    expect(statuses.filter((s) => s === 'done')).toHaveLength(1);
    const done = outcomes.find((o) => o.status === 'done')!;
    expect(done).toMatchObject({ groups: 3, attempt: 1, summary: { booked: { count: 6, amount: 2_700_000 } } });
    await expectMarchBooked(w, groups, students);
    expect(await runRow(w, '2025-03-10')).toMatchObject({ status: 'done', attempts: 1, groupsDone: 3 });

    // Later the same day, in any process: nothing to do.
    const later = await runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10') });
    expect(later.status).toBe('already_done');
  });

  it('completes a run that stopped half-way, with nothing missing or doubled', async () => {
    const { w, groups, students } = await threeGroups();
    const crash = runBilling(db, w.companyId, '2025-03-10', {
      at: noonOf('2025-03-10'),
      batchGroups: 1,
      afterBatch: (batch) => {
        if (batch === 1) throw new Error('process killed');
      },
    });
    await expect(crash).rejects.toThrow('process killed');
    // The first group is booked, the others not yet; the day is open again.
    expect(await w.owed(students[0]!, groups[0])).toEqual({ 'month:2025-03': 600_000 });
    expect(await w.owed(students[2]!, groups[1])).toEqual({});
    expect(await runRow(w, '2025-03-10')).toMatchObject({ status: 'running', lastError: 'process killed' });

    const rerun = await runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10'), batchGroups: 1 });
    expect(rerun).toMatchObject({ status: 'done', attempt: 2, groups: 3, summary: { booked: { count: 4 } } });
    await expectMarchBooked(w, groups, students);
  });

  it('takes over a day whose process died once its lease has run out, not before', async () => {
    const { w, groups, students } = await threeGroups();
    // A process claimed the day and died without a word.
    await inCompany(db, w.companyId, (tx) =>
      tx.insert(billingRuns).values({
        companyId: w.companyId,
        runDate: '2025-03-10',
        status: 'running',
        leaseUntil: sql`now() + interval '1 minute'`,
      }),
    );
    expect((await runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10') })).status).toBe('busy');
    expect(await w.entries()).toHaveLength(0);
    await inCompany(db, w.companyId, (tx) =>
      tx
        .update(billingRuns)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(billingRuns.companyId, w.companyId)),
    );
    const takeover = await runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10') });
    expect(takeover).toMatchObject({ status: 'done', attempt: 2 });
    await expectMarchBooked(w, groups, students);
  });

  it("runs the company's today in its time zone", async () => {
    const w = await createBillingWorld(db, { mode: 'by_day', lessonsPerMonth: '12' });
    const student = await w.addStudent();
    // 20:30 UTC on Sunday 2 March is already Monday 3 March 01:30 in Tashkent.
    const outcome = await runBilling(db, w.companyId, undefined, { at: new Date('2025-03-02T20:30:00Z') });
    expect(outcome).toMatchObject({ status: 'done', date: '2025-03-03' });
    expect(await w.owed(student)).toEqual({ 'day:2025-03-03': 50_000 });
  });

  it('is queued by the dispatch job and worked by the job queue, once per company and day', async () => {
    const w = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' });
    const student = await w.addStudent();
    const app = await buildTestApp(database, { clock: () => noonOf('2025-03-12'), jobs: testJobs() });
    await app.ready();
    await app.jobs.start();
    expect(await dispatchBilling(app, [w.companyId])).toBe(1);
    expect(await dispatchBilling(app, [w.companyId])).toBe(0); // the same day's job is queued once
    await app.jobs.settle();
    expect(await w.owed(student)).toEqual({ 'month:2025-03': 600_000 });
    expect(await runRow(w, '2025-03-12')).toMatchObject({ status: 'done' });
    await w.setStatus(student, StudentStatus.frozen, '2025-03-12');
    expect(await dispatchBilling(app, [w.companyId])).toBe(0); // the day is done: nothing changes until tomorrow
    await app.jobs.settle();
    expect(await w.owed(student)).toEqual({ 'month:2025-03': 600_000 });
    await app.close();
  });
});
