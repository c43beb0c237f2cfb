import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, loginAs, openTestDatabase } from '../../../test/helpers.js';
import { groupStudents, historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type BillingWorld, createBillingWorld, noonOf } from './billing-test-world.js';

/** POST /group/{group_id}/re_withdraw: a period recalculated by reversals and re-booking. */
const database = await openTestDatabase();
const { db } = database;
const app = await buildTestApp(database, { clock: () => noonOf('2025-04-15') });
await app.ready();

let w: BillingWorld;
let admin: string;
let a: number;
let b: number;

const reWithdraw = (query: string, token = admin, options: { body?: unknown; key?: string; group?: number } = {}) =>
  call(app, {
    method: 'POST',
    url: `/api/v1/group/${options.group ?? w.groupId}/re_withdraw?${query}`,
    sub: w.subdomain,
    token,
    body: options.body,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

/** A's individual price becomes 400 000 for the whole of 2025 (after March was charged at 600 000). */
const discountA = () =>
  inCompany(db, w.companyId, (tx) =>
    tx
      .update(groupStudents)
      .set({ exceptionSum: 400_000, exceptionSumStartDate: '2025-01-01', exceptionSumEndDate: '2025-12-31' })
      .where(and(eq(groupStudents.groupId, w.groupId), eq(groupStudents.studentId, a))),
  );

beforeAll(async () => {
  w = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic', roleUsers: true });
  a = await w.addStudent();
  b = await w.addStudent({ createdDate: '2025-03-17' });
  await w.run('2025-03-17');
  admin = await loginAs(app, w.subdomain, w.users!.admin.phone);
});

describe('re_withdraw', () => {
  it('reverses the period and books it again as the engine calculates it now', async () => {
    expect(await w.owed(a)).toEqual({ 'month:2025-03': 600_000 });
    await discountA();
    const res = await reWithdraw('from=2025-03-01&to=2025-03-31&reason=Discount%20from%20March', admin, {
      key: 'rw-march',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      group_id: w.groupId,
      from: '2025-03-01',
      to: '2025-03-31',
      reversed: 2,
      reversed_amount: 900_000,
      booked: 2,
      booked_amount: 700_000,
    });
    expect(await w.owed(a)).toEqual({ 'month:2025-03': 400_000 });
    expect(await w.owed(b)).toEqual({ 'month:2025-03': 300_000 });
    const entries = await w.entries(a);
    expect(entries.map((e) => [e.amount, e.naturalKey, e.reason])).toEqual([
      [-600_000, `charge:${w.groupId}:${a}:month:2025-03`, null],
      [600_000, null, 'Discount from March'],
      [-400_000, `charge:${w.groupId}:${a}:month:2025-03~2`, null],
    ]);
    // The reversal points at the charge and keeps its date (the group's start in March): March shows its net.
    expect(entries[1]).toMatchObject({ reversesId: entries[0]!.id, entryDate: '2025-03-03', cause: 'billing' });
    expect(entries[2]!.authorId).toBe(w.users!.admin.id);

    // The same request again with its Idempotency-Key: the first answer, nothing booked.
    const repeat = await reWithdraw('from=2025-03-01&to=2025-03-31&reason=Discount%20from%20March', admin, {
      key: 'rw-march',
    });
    expect(repeat.body).toEqual(res.body);
    expect(await w.entries(a)).toHaveLength(3);
    // The key with another period is refused.
    const reused = await reWithdraw('from=2025-04-01&to=2025-04-30', admin, { key: 'rw-march' });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');

    const [event] = await inCompany(db, w.companyId, (tx) =>
      tx.select().from(historyEvents).where(eq(historyEvents.entityId, w.groupId)),
    );
    expect(event).toMatchObject({ entity: 'group', actorId: w.users!.admin.id });
    expect(event?.data).toMatchObject({ action: 're_withdraw', from: '2025-03-01', booked_amount: 700_000 });
  });

  it('waives a period when only removing, and the daily run leaves it waived', async () => {
    const res = await reWithdraw('from=2025-03-01&to=2025-03-31&remove_withdraws=1&make_withdraw=0', admin, {
      body: { reason: 'Course paused' },
    });
    expect(res.body).toMatchObject({ reversed: 2, reversed_amount: 700_000, booked: 0 });
    expect(await w.owed(a)).toEqual({});
    await w.billAgain('2025-03-20', '2025-03-17');
    expect(await w.owed(a)).toEqual({});

    // Booking without removing books what has no charge, under the next revision.
    const made = await reWithdraw('from=2025-03-01&to=2025-03-31&remove_withdraws=0&make_withdraw=1');
    expect(made.body).toMatchObject({ reversed: 0, booked: 2, booked_amount: 700_000 });
    const keys = (await w.entries(a)).map((e) => e.naturalKey).filter(Boolean);
    expect(keys.at(-1)).toBe(`charge:${w.groupId}:${a}:month:2025-03~3`);
    // Nothing more to book: each unit has its charge.
    const again = await reWithdraw('from=2025-03-01&to=2025-03-31&remove_withdraws=0');
    expect(again.body).toMatchObject({ reversed: 0, booked: 0 });
  });

  it('takes the period from the body too', async () => {
    const res = await reWithdraw('', admin, { body: { from: '2025-04-01', to: '2025-04-30' } });
    expect(res.status).toBe(200);
    // April's units begin on 1 April (before the clock's 15 April): both students booked.
    expect(res.body).toMatchObject({ from: '2025-04-01', booked: 2, booked_amount: 1_000_000 });
  });

  it('refuses what is not valid', async () => {
    const missing = await reWithdraw('to=2025-03-31');
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: 'from', rule: 'required' })]);
    const backwards = await reWithdraw('from=2025-03-31&to=2025-03-01');
    expect(backwards.body.error.details[0]).toMatchObject({ field: 'to', rule: 'end_before_start' });
    const nothing = await reWithdraw('from=2025-03-01&to=2025-03-31&remove_withdraws=0&make_withdraw=0');
    expect(nothing.body.error.details[0]).toMatchObject({ field: 'make_withdraw', rule: 'nothing_to_do' });
    const otherBranch = await reWithdraw(`from=2025-03-01&to=2025-03-31&branch_id=${w.branchIds[1]}`);
    expect(otherBranch.body.error.details[0]).toMatchObject({ field: 'branch_id', rule: 'not_group_branch' });
    const badFlag = await reWithdraw('from=2025-03-01&to=2025-03-31&make_withdraw=yes');
    expect(badFlag.status).toBe(400);
  });

  it('refuses teachers, cashiers, strangers and other companies', async () => {
    const before = (await w.entries()).length;
    const teacher = await loginAs(app, w.subdomain, w.users!.teacher.phone);
    const cashier = await loginAs(app, w.subdomain, w.users!.cashier.phone);
    expect((await reWithdraw('from=2025-03-01&to=2025-03-31', teacher)).status).toBe(403);
    expect((await reWithdraw('from=2025-03-01&to=2025-03-31', cashier)).status).toBe(403);
    expect((await reWithdraw('from=2025-03-01&to=2025-03-31', '')).status).toBe(401);
    const other = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' });
    const foreign = await reWithdraw('from=2025-03-01&to=2025-03-31', admin, { group: other.groupId });
    expect(foreign.status).toBe(404);
    expect((await w.entries()).length).toBe(before);
  });
});
