import { HistoryEvent, Role, StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/helpers.js';
import { branches, groupStudents, historyEvents, onlinePayments, smsMessages } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { bookEntry } from '../finance/ledger.js';
import { createPaymentsWorld } from './payments-test-world.js';

const w = await createPaymentsWorld();
let student: string;
let admin: string;
let ceo: string;
let teacher: string;

beforeAll(async () => {
  student = await loginAs(w.app, w.company.subdomain, w.company.users.student.phone);
  admin = await loginAs(w.app, w.company.subdomain, w.company.users.admin.phone);
  ceo = await loginAs(w.app, w.company.subdomain, w.company.users.ceo.phone);
  teacher = await loginAs(w.app, w.company.subdomain, w.company.users.teacher.phone);
});

const as = (token: string) => ({
  get: (url: string) => w.api('GET', url, undefined, { token }),
  post: (url: string, body: unknown) => w.api('POST', url, body, { token }),
  put: (url: string, body: unknown) => w.api('PUT', url, body, { token }),
});
const studentUserId = () => w.company.users.student.id;

describe('a student pays his fee online', () => {
  it('opens a checkout for himself and is sent to the provider, coming back to the link page', async () => {
    const opened = await as(student).post('/online-payments/checkouts', {
      student_id: studentUserId(),
      provider: 'click',
      amount: 450_000,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ purpose: 'fee', provider: 'click', amount: 450_000, status: 'open' });
    const link = new URL(opened.body.redirect_url);
    expect(link.searchParams.get('service_id')).toBe('101');
    expect(link.searchParams.get('amount')).toBe('450000');
    expect(link.searchParams.get('return_url')).toBe(
      `http://${w.company.subdomain}.localhost/entry/pay/${opened.body.token}`,
    );
    const mine = await as(student).get(`/online-payments/checkouts?student_id=${studentUserId()}`);
    expect(mine.body.data[0]).toMatchObject({ token: opened.body.token, source: 'student', status: 'open' });
    expect(mine.body.providers).toEqual(['payme', 'click']);
    expect(mine.body.policies).toEqual({ can_pay: true, can_send_link: false });
    const [event] = await w.db
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, w.company.id), eq(historyEvents.type, HistoryEvent.onlineCheckoutOpened)));
    expect(event?.data).toMatchObject({ amount: 450_000, provider: 'click' });
  });

  it('refuses another student’s fee, a provider the centre has not set up, and a zero amount', async () => {
    const other = await as(student).post('/online-payments/checkouts', {
      student_id: w.studentId,
      provider: 'payme',
      amount: 1000,
    });
    expect(other.status).toBe(403);
    const midtrans = await as(student).post('/online-payments/checkouts', {
      student_id: studentUserId(),
      provider: 'midtrans',
      amount: 1000,
    });
    expect(midtrans.body.error.code).toBe('payment_provider_not_configured');
    const zero = await as(student).post('/online-payments/checkouts', {
      student_id: studentUserId(),
      provider: 'payme',
      amount: 0,
    });
    expect(zero.status).toBe(400);
    expect((await as(student).get(`/online-payments/checkouts?student_id=${w.studentId}`)).status).toBe(403);
  });
});

describe('a payment link sent by SMS', () => {
  it('opens a checkout, sends its address to the student and his parent, and the link leads to the provider', async () => {
    const sent = await as(admin).post('/online-payments/links', {
      student_id: w.studentId,
      provider: 'payme',
      amount: 300_000,
      to: 'student',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.messages).toBe(1);
    expect(sent.body.url).toBe(`http://${w.company.subdomain}.localhost/entry/pay/${sent.body.checkout.token}`);
    const [sms] = await w.db
      .select({ text: smsMessages.text })
      .from(smsMessages)
      .where(eq(smsMessages.companyId, w.company.id));
    expect(sms?.text).toContain(sent.body.url);
    expect(sms?.text).toContain('300 000 UZS');

    // The payer opens the link without logging in.
    const followed = await w.api('POST', `/checkouts/${w.company.subdomain}/${sent.body.checkout.token}/pay`);
    expect(followed.status).toBe(200);
    expect(followed.body.redirect_url.startsWith(w.app.payments.paymeCheckoutUrl)).toBe(true);
    const outcome = await w.api('GET', `/checkouts/${w.company.subdomain}/${sent.body.checkout.token}`);
    expect(outcome.body).toMatchObject({ status: 'open', student_first_name: 'Ali', amount: 300_000 });
  });

  it('a teacher may not send one, a student may not send one to himself, and an unknown token is 404', async () => {
    const body = { student_id: w.studentId, provider: 'payme', amount: 1000 };
    expect((await as(teacher).post('/online-payments/links', body)).status).toBe(403);
    const self = await as(student).post('/online-payments/links', { ...body, student_id: studentUserId() });
    expect(self.status).toBe(403);
    const unknown = await w.api('POST', `/checkouts/${w.company.subdomain}/00000000-0000-4000-8000-000000000000/pay`);
    expect(unknown.status).toBe(404);
  });

  it('a teacher may not open a checkout for a student', async () => {
    const opened = await as(teacher).post('/online-payments/checkouts', {
      student_id: w.studentId,
      provider: 'payme',
      amount: 5000,
    });
    expect(opened.status).toBe(403);
  });

  it("staff of another branch may neither open a checkout nor send a link for this branch's student", async () => {
    const [north] = await inCompany(w.db, w.company.id, (tx) =>
      tx.insert(branches).values({ companyId: w.company.id, name: 'North' }).returning({ id: branches.id }),
    );
    const phone = '947900001';
    await createUser(w.db, w.company.id, {
      name: 'North Administrator',
      phone,
      roles: [Role.admin],
      branchIds: [north?.id as number],
    });
    const northAdmin = await loginAs(w.app, w.company.subdomain, phone);
    const body = { student_id: w.studentId, provider: 'payme', amount: 5000 };
    const before = await w.db.select().from(onlinePayments).where(eq(onlinePayments.companyId, w.company.id));
    // Staff do not see a student of a branch not theirs at all (as everywhere in the people module): 404.
    for (const url of ['/online-payments/checkouts', '/online-payments/links']) {
      const refused = await as(northAdmin).post(url, body);
      expect([refused.status, refused.body.error.code]).toEqual([404, 'not_found']);
    }
    const after = await w.db.select().from(onlinePayments).where(eq(onlinePayments.companyId, w.company.id));
    expect(after.length).toBe(before.length);
  });
});

describe('the centre’s merchant accounts', () => {
  it('never answers a secret, keeps it when left empty, and names only the changed fields in the history', async () => {
    const list = await as(ceo).get('/online-payments/providers');
    expect(list.status).toBe(200);
    const payme = list.body.data.find((a: { provider: string }) => a.provider === 'payme');
    expect(payme).toMatchObject({
      available: true,
      configured: true,
      enabled: true,
      fields: { merchant_id: 'company-kassa-1', key: null },
      secrets_set: { key: true },
    });
    expect(JSON.stringify(list.body)).not.toContain('company-payme-key');
    expect(list.body.data.find((a: { provider: string }) => a.provider === 'midtrans').available).toBe(false);

    const saved = await as(ceo).put('/online-payments/providers/payme', {
      enabled: true,
      credentials: { merchant_id: 'company-kassa-2', key: '' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ fields: { merchant_id: 'company-kassa-2' }, secrets_set: { key: true } });
    const events = await w.db
      .select({ data: historyEvents.data })
      .from(historyEvents)
      .where(
        and(eq(historyEvents.companyId, w.company.id), eq(historyEvents.type, HistoryEvent.paymentProviderChanged)),
      );
    expect(events.at(-1)?.data).toEqual({ provider: 'payme', enabled: true, changed_fields: ['merchant_id'] });
    expect(JSON.stringify(events)).not.toContain('company-payme-key');
  });

  it('refuses a provider of another country, and staff without the settings', async () => {
    const midtrans = await as(ceo).put('/online-payments/providers/midtrans', {
      enabled: true,
      credentials: { server_key: 'x', client_key: 'y' },
    });
    expect(midtrans.body.error.code).toBe('payment_provider_not_configured');
    const byTeacher = await as(teacher).put('/online-payments/providers/payme', { enabled: false, credentials: {} });
    expect(byTeacher.status).toBe(403);
  });

  it('a provider turned off is no longer offered to students', async () => {
    await as(ceo).put('/online-payments/providers/click', { enabled: false, credentials: {} });
    const mine = await as(student).get(`/online-payments/checkouts?student_id=${studentUserId()}`);
    expect(mine.body.providers).toEqual(['payme']);
    const refused = await as(student).post('/online-payments/checkouts', {
      student_id: studentUserId(),
      provider: 'click',
      amount: 1000,
    });
    expect(refused.body.error.code).toBe('payment_provider_not_configured');
  });
});

describe('what the payment screen proposes: the balance and a month of each group', () => {
  let english: number;
  let math: number;
  beforeAll(async () => {
    const { db, company, branchId } = w;
    const teacherId = company.users.teacher.id;
    const englishCourse = await createCourse(db, company.id, { name: 'English', price: 500_000 });
    const mathCourse = await createCourse(db, company.id, { name: 'Math', price: 300_000 });
    english = await createGroupRow(db, company.id, { branchId, courseId: englishCourse, teacherId, name: 'ENG-1' });
    math = await createGroupRow(db, company.id, { branchId, courseId: mathCourse, teacherId, name: 'MATH-1' });
    const active = { status: StudentStatus.active, createdDate: '2026-11-02' };
    await addStudentToGroupRow(db, company.id, english, studentUserId(), active);
    await addStudentToGroupRow(db, company.id, math, studentUserId(), active);
    await addStudentToGroupRow(db, company.id, math, w.studentId, active);
    await inCompany(db, company.id, async (tx) => {
      // His individual price in English (spec §3 exception_sum) is what a month costs him there.
      await tx
        .update(groupStudents)
        .set({ exceptionSum: 400_000 })
        .where(
          and(
            eq(groupStudents.companyId, company.id),
            eq(groupStudents.groupId, english),
            eq(groupStudents.studentId, studentUserId()),
          ),
        );
      const system = { id: null, companyId: company.id };
      const charge = { kind: 'charge' as const, date: '2026-11-02', branchId };
      await bookEntry(tx, system, { ...charge, amount: -400_000, studentId: studentUserId(), groupId: english });
      await bookEntry(tx, system, { ...charge, amount: -300_000, studentId: w.studentId, groupId: math });
      await bookEntry(tx, system, {
        kind: 'payment',
        amount: 100_000,
        date: '2026-11-03',
        branchId,
        studentId: w.studentId,
        method: 'cash',
      });
    });
  });

  it('a student reads his own balance and the month price of each of his groups', async () => {
    const mine = await as(student).get(`/online-payments/checkouts?student_id=${studentUserId()}`);
    expect(mine.status).toBe(200);
    expect(mine.body.balance).toBe(-400_000);
    expect(mine.body.groups).toEqual([
      { group_id: english, name: 'ENG-1', month_price: 400_000 },
      { group_id: math, name: 'MATH-1', month_price: 300_000 },
    ]);
  });

  it("staff reading another student's payments see that student's balance and groups", async () => {
    const his = await as(admin).get(`/online-payments/checkouts?student_id=${w.studentId}`);
    expect(his.status).toBe(200);
    expect(his.body.balance).toBe(-200_000);
    expect(his.body.groups).toEqual([{ group_id: math, name: 'MATH-1', month_price: 300_000 }]);
    expect((await as(teacher).get(`/online-payments/checkouts?student_id=${w.studentId}`)).status).toBe(403);
  });
});
