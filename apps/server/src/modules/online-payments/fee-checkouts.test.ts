import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/helpers.js';
import { historyEvents, smsMessages } from '../../db/schema/index.js';
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
