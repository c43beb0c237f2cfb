import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startMidtransFake } from '../../../test/fakes/midtrans-fake.js';
import { loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { branches, historyEvents, onlinePayments, paymentProviderAccounts } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { COMPANY_MERCHANTS, createPaymentsWorld } from './payments-test-world.js';

/*
 * GET /midtrans/generate (spec §7): a student opens a fee checkout through the centre's own Midtrans account and
 * gets Snap's token; the Snap transaction is made at the Midtrans fake, which checks the server key.
 */
const midtrans = await startMidtransFake({
  merchants: { [COMPANY_MERCHANTS.midtrans.server_key]: 'http://127.0.0.1:9/' },
});
afterAll(() => midtrans.stop());
const world = await createPaymentsWorld({ country: 'id', payments: { midtransSnapUrl: midtrans.snapUrl } });
const { company, branchId } = world;
const student = company.users.student;
const tokens = {
  student: await loginAs(world.app, company.subdomain, student.phone),
  teacher: await loginAs(world.app, company.subdomain, company.users.teacher.phone),
  admin: await loginAs(world.app, company.subdomain, company.users.admin.phone),
};
const generate = (token: string, query: Record<string, number>) =>
  world.api(
    'GET',
    `/midtrans/generate?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    undefined,
    {
      token,
    },
  );

const checkoutsOf = (studentId: number) =>
  inCompany(world.db, company.id, (tx) =>
    tx
      .select()
      .from(onlinePayments)
      .where(and(eq(onlinePayments.companyId, company.id), eq(onlinePayments.studentId, studentId))),
  );
const setMidtransAccount = (change: { enabled?: boolean; credentials?: unknown }) =>
  inCompany(world.db, company.id, (tx) =>
    tx
      .update(paymentProviderAccounts)
      .set(change)
      .where(and(eq(paymentProviderAccounts.companyId, company.id), eq(paymentProviderAccounts.provider, 'midtrans'))),
  );

describe('GET /midtrans/generate', () => {
  it('opens a fee checkout for the signed-in student and answers Snap’s token, its page and the client key', async () => {
    const res = await generate(tokens.student, { amount: 150_000, branch_id: branchId });
    expect(res.status).toBe(200);
    const order = [...midtrans.orders.values()].at(-1);
    expect(res.body).toEqual({
      token: order?.token,
      redirect_url: `${midtrans.url}/snap/v2/vtweb/${order?.token}`,
      client_key: COMPANY_MERCHANTS.midtrans.client_key,
      checkout_token: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(COMPANY_MERCHANTS.midtrans.server_key);

    const [checkout] = (await checkoutsOf(student.id)).filter((c) => c.token === res.body.checkout_token);
    expect(checkout).toMatchObject({
      purpose: 'fee',
      provider: 'midtrans',
      amount: 150_000,
      currency: 'IDR',
      source: 'student',
      status: 'open',
      branchId,
      createdBy: student.id,
    });
    // Midtrans was asked for this checkout's number and amount, and sends the payer back to the done page.
    expect(order).toMatchObject({
      orderId: `${company.id}-${checkout?.id}`,
      grossAmount: 150_000,
      serverKey: COMPANY_MERCHANTS.midtrans.server_key,
      finishUrl: `http://${company.subdomain}.localhost/entry/pay/${checkout?.token}`,
    });
    const [event] = await inCompany(world.db, company.id, (tx) =>
      tx
        .select({ data: historyEvents.data, actorId: historyEvents.actorId })
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.onlineCheckoutOpened), eq(historyEvents.entityId, student.id))),
    );
    expect(event).toEqual({
      actorId: student.id,
      data: { amount: 150_000, provider: 'midtrans', student_name: 'Ali Valiyev', checkout_id: checkout?.id },
    });
  });

  it('staff of the students area open one for a student they name; the student cannot name another', async () => {
    const res = await generate(tokens.admin, { amount: 80_000, branch_id: branchId, student_id: world.studentId });
    expect(res.status).toBe(200);
    const [checkout] = (await checkoutsOf(world.studentId)).filter((c) => c.token === res.body.checkout_token);
    expect(checkout).toMatchObject({ source: 'staff', createdBy: company.users.admin.id, amount: 80_000 });

    const other = await generate(tokens.student, { amount: 80_000, branch_id: branchId, student_id: world.studentId });
    expect(other.status).toBe(403);
  });

  it('refuses a caller who is not a student, and staff naming someone who is not a student', async () => {
    const before = midtrans.orders.size;
    expect((await generate(tokens.teacher, { amount: 50_000, branch_id: branchId })).status).toBe(403);
    const teacher = company.users.teacher.id;
    const notStudent = await generate(tokens.admin, { amount: 50_000, branch_id: branchId, student_id: teacher });
    expect([notStudent.status, notStudent.body.error.code]).toEqual([400, 'not_a_student']);
    expect(midtrans.orders.size).toBe(before);
  });

  it("refuses a branch that is not the student's: another of the centre's, or another centre's", async () => {
    const [newBranch] = await inCompany(world.db, company.id, (tx) =>
      tx.insert(branches).values({ companyId: company.id, name: 'North' }).returning({ id: branches.id }),
    );
    const foreign = await createCompanyWithRoleUsers(world.db, {
      name: 'Other Academy',
      subdomain: uniqueSubdomain('other'),
      branches: ['Elsewhere'],
    });
    const before = (await checkoutsOf(student.id)).length;
    for (const branch of [newBranch?.id as number, foreign.branchIds[0] as number]) {
      const res = await generate(tokens.student, { amount: 50_000, branch_id: branch });
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_failed']);
    }
    expect((await checkoutsOf(student.id)).length).toBe(before);
  });

  it('refuses an amount that is not a positive whole number', async () => {
    for (const amount of [0, -5, 1.5]) {
      expect((await generate(tokens.student, { amount, branch_id: branchId })).status).toBe(400);
    }
  });

  it('without the centre’s Midtrans account: 422 payment_provider_not_configured, no checkout', async () => {
    const before = (await checkoutsOf(student.id)).length;
    await setMidtransAccount({ enabled: false });
    try {
      const res = await generate(tokens.student, { amount: 50_000, branch_id: branchId });
      expect([res.status, res.body.error.code]).toEqual([422, 'payment_provider_not_configured']);
      expect((await checkoutsOf(student.id)).length).toBe(before);
    } finally {
      await setMidtransAccount({ enabled: true });
    }
  });

  it('a server key Midtrans refuses is the set-up (422); Midtrans down is 502; the checkout closes either way', async () => {
    await setMidtransAccount({ credentials: { ...COMPANY_MERCHANTS.midtrans, server_key: 'SB-Mid-server-wrong' } });
    try {
      const refused = await generate(tokens.student, { amount: 40_000, branch_id: branchId });
      expect([refused.status, refused.body.error.code]).toEqual([422, 'payment_provider_not_configured']);
      expect(JSON.stringify(refused.body)).not.toContain('SB-Mid-server');
    } finally {
      await setMidtransAccount({ credentials: COMPANY_MERCHANTS.midtrans });
    }
    midtrans.failNext(2, 503);
    const down = await generate(tokens.student, { amount: 40_000, branch_id: branchId });
    expect([down.status, down.body.error.code]).toEqual([502, 'payment_provider_unavailable']);
    const closed = (await checkoutsOf(student.id)).filter((c) => c.amount === 40_000).map((c) => c.status);
    expect(closed).toEqual(['cancelled', 'cancelled']);
    // One outage answer is waited out: the retry makes the transaction.
    midtrans.failNext(1, 503);
    expect((await generate(tokens.student, { amount: 40_000, branch_id: branchId })).status).toBe(200);
  });
});
