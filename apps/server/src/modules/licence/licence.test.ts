import { addDays, addMonths, companyDay, PLATFORM_SETTING_KEYS } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/helpers.js';
import { companies, licenceOrders, platformSettings, users } from '../../db/schema/index.js';
import { asPlatform } from '../console/platform-db.js';
import { parseCheckoutNumber } from '../online-payments/checkouts.js';
import { createPaymentsWorld } from '../online-payments/payments-test-world.js';
import {
  checkoutForMerchant,
  performProviderTransaction,
  recordProviderTransaction,
} from '../online-payments/provider-transactions.js';
import { forgetLicenceSettings } from './licence-state.js';

const w = await createPaymentsWorld();
let ceo: string;
let admin: string;

beforeAll(async () => {
  ceo = await loginAs(w.app, w.company.subdomain, w.company.users.ceo.phone);
  admin = await loginAs(w.app, w.company.subdomain, w.company.users.admin.phone);
});

const today = () => companyDay({ country: 'uz' }, w.now());
const setLicenceEnd = (endsOn: string | null) =>
  w.db.update(companies).set({ licenceEndsOn: endsOn }).where(eq(companies.id, w.company.id));
const as = (token: string) => ({
  get: (url: string) => w.api('GET', url, undefined, { token }),
  post: (url: string, body: unknown) => w.api('POST', url, body, { token }),
});

/** The platform's Payme performs a licence checkout, as its callback would (the protocol is tested elsewhere). */
async function payThroughPlatform(checkoutNumber: string, externalId: string) {
  const ref = { provider: 'payme' as const, merchant: 'platform' as const };
  return asPlatform(w.db, async (tx) => {
    const checkout = await checkoutForMerchant(tx, ref, parseCheckoutNumber(checkoutNumber));
    if (!checkout) throw new Error('no such checkout');
    const { transaction } = await recordProviderTransaction(tx, ref, {
      externalId,
      checkout,
      amount: checkout.amount * 100,
      providerTime: w.now().getTime(),
    });
    return performProviderTransaction(tx, transaction, w.now());
  });
}

describe('the licence on the centre’s today', () => {
  it('shows days left, and warns (ending) under seven days', async () => {
    await setLicenceEnd(addDays(today(), 30));
    const long = await as(ceo).get('/licence');
    expect(long.status).toBe(200);
    expect(long.body.licence).toMatchObject({ state: 'active', days_left: 30 });
    expect(long.body.policies).toEqual({ can_order: true, billing_visible: true });

    await setLicenceEnd(addDays(today(), 3));
    expect((await as(admin).get('/licence')).body).toMatchObject({
      licence: { state: 'ending', days_left: 3 },
      policies: { can_order: false },
    });
  });

  it('after the last day: read-only for the grace days, then only the licence — nothing deleted — and a payment restores access at once', async () => {
    await setLicenceEnd(addDays(today(), -2));
    const grace = await as(admin).get('/licence');
    expect(grace.body.licence).toMatchObject({ state: 'grace', days_left: -2 });
    expect(grace.body.licence.grace_ends_on).toBe(addDays(today(), 5));
    // Reading works, changing does not.
    expect((await as(admin).get(`/user/${w.studentId}`)).status).toBe(200);
    const refused = await as(admin).post('/tags', { name: 'VIP', type: 1, color: '#faad14' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('licence_read_only');

    await setLicenceEnd(addDays(today(), -8));
    const closed = await as(admin).get(`/user/${w.studentId}`);
    expect(closed.status).toBe(402);
    expect(closed.body.error.code).toBe('licence_expired');
    // Who am I and the licence itself stay reachable: the web sends the user to /auth/billing-page.
    expect((await w.api('POST', '/auth/me', undefined, { token: admin })).status).toBe(200);
    expect((await as(ceo).get('/licence')).body.licence.state).toBe('expired');
    const [student] = await w.db.select({ id: users.id }).from(users).where(eq(users.id, w.studentId));
    expect(student).toBeDefined();

    const order = await as(ceo).post('/licence/orders', { max_students: 100, period_months: 1 });
    expect(order.status).toBe(200);
    const checkout = await as(ceo).post(`/licence/orders/${order.body.id}/checkout`, { provider: 'payme' });
    const number = paymeParams(checkout.body.redirect_url)['ac.order_id'] as string;
    await payThroughPlatform(number, 'renewal-1');
    expect((await as(admin).get(`/user/${w.studentId}`)).status).toBe(200);
    const renewed = await as(ceo).get('/licence');
    expect(renewed.body.licence).toMatchObject({ state: 'active', max_students: 100 });
    // One month from today covers today and runs to the day before the same date next month.
    expect(renewed.body.licence.ends_on).toBe(addDays(addMonths(today(), 1), -1));
  });

  it('the grace length is the console’s setting', async () => {
    await w.db
      .insert(platformSettings)
      .values({
        key: PLATFORM_SETTING_KEYS.licence,
        value: { grace_days: 0, billing_hidden_hosts: [], requisites: null },
      })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: { grace_days: 0, billing_hidden_hosts: [], requisites: null } },
      });
    forgetLicenceSettings(w.db);
    await setLicenceEnd(addDays(today(), -1));
    expect((await as(admin).get(`/user/${w.studentId}`)).body.error.code).toBe('licence_expired');
    await w.db.delete(platformSettings).where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.licence));
    forgetLicenceSettings(w.db);
    await setLicenceEnd(addDays(today(), 60));
  });
});

/** The parameters of a Payme checkout link (base64 of `m=..;ac.order_id=..;a=..;c=..`). */
function paymeParams(url: string): Record<string, string> {
  const encoded = url.split('/').at(-1) ?? '';
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  return Object.fromEntries(
    text.split(';').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

describe('ordering a licence', () => {
  it('lists the country’s prices with discounts and the providers the platform takes', async () => {
    const list = await as(ceo).get('/licence/tariffs');
    expect(list.status).toBe(200);
    expect(list.body.currency).toBe('UZS');
    expect(list.body.providers).toEqual(['payme', 'click']);
    const yearOfSmallest = list.body.tariffs.find(
      (t: { max_students: number; period_months: number }) => t.max_students === 100 && t.period_months === 12,
    );
    expect(yearOfSmallest).toMatchObject({ min_students: 0, price: 1_920_000, discount_percent: 20 });
    expect((await as(admin).get('/licence/tariffs')).status).toBe(403);
  });

  it('orders at the list’s price and sends the owner to Payme with the order and the way back', async () => {
    const order = await as(ceo).post('/licence/orders', { max_students: 300, period_months: 6 });
    expect(order.body).toMatchObject({ status: 'pending', amount: 2_160_000, currency: 'UZS' });
    expect(order.body.number).toBe(`${w.company.id}-${order.body.id}`);
    const checkout = await as(ceo).post(`/licence/orders/${order.body.id}/checkout`, { provider: 'payme' });
    expect(checkout.status).toBe(200);
    expect(checkout.body.redirect_url.startsWith(w.app.payments.paymeCheckoutUrl)).toBe(true);
    const params = paymeParams(checkout.body.redirect_url);
    expect(params.m).toBe('platform-kassa');
    expect(params.a).toBe('216000000');
    expect(params.c).toBe(
      `http://${w.company.subdomain}.localhost/entry/order/success/${checkout.body.token}/${w.company.subdomain}/${w.company.users.ceo.phone}`,
    );
    const outcome = await w.api('GET', `/checkouts/${w.company.subdomain}/${checkout.body.token}`);
    expect(outcome.body).toMatchObject({ status: 'open', order: { id: order.body.id, status: 'pending' } });

    await payThroughPlatform(params['ac.order_id'] as string, 'order-300-6');
    const paid = await w.api('GET', `/checkouts/${w.company.subdomain}/${checkout.body.token}`);
    expect(paid.body).toMatchObject({ status: 'paid', order: { status: 'paid' } });
    const [company] = await w.db
      .select({ datas: companies.datas })
      .from(companies)
      .where(eq(companies.id, w.company.id));
    expect(company?.datas).toMatchObject({ tariff_student_limit: 300 });
    const payments = await as(ceo).get(`/company/${w.company.id}/payments`);
    expect(payments.body.data[0]).toMatchObject({ amount: 2_160_000, method: 'payme', order_id: order.body.id });
    // A paid order is not paid again.
    const again = await as(ceo).post(`/licence/orders/${order.body.id}/checkout`, { provider: 'payme' });
    expect(again.body.error.code).toBe('checkout_closed');
  });

  it('refuses what is not offered, other companies’ payments and the staff below the owner', async () => {
    expect((await as(ceo).post('/licence/orders', { max_students: 200, period_months: 6 })).status).toBe(400);
    expect((await as(admin).post('/licence/orders', { max_students: 100, period_months: 1 })).status).toBe(403);
    const order = await as(ceo).post('/licence/orders', { max_students: 100, period_months: 3 });
    const midtrans = await as(ceo).post(`/licence/orders/${order.body.id}/checkout`, { provider: 'midtrans' });
    expect(midtrans.body.error.code).toBe('payment_provider_not_configured');
    expect((await as(ceo).get(`/company/${w.company.id + 1000}/payments`)).status).toBe(404);
    expect((await as(admin).get(`/company/${w.company.id}/payments`)).status).toBe(403);
  });
});

describe('/entry/order: a visitor pays for a centre', () => {
  it('shows the centre and its prices, and opens a payment that comes back to the regional success page', async () => {
    const info = await w.api('GET', `/entry/order/${w.company.subdomain}`);
    expect(info.body.company).toMatchObject({ name: 'Pay Academy', subdomain: w.company.subdomain });
    expect(info.body.prices.tariffs).toHaveLength(12);
    const opened = await w.api('POST', `/entry/order/${w.company.subdomain}`, {
      max_students: 1000,
      period_months: 12,
      provider: 'click',
      login: 'owner',
      page: 'uz',
    });
    expect(opened.status).toBe(200);
    const link = new URL(opened.body.redirect_url);
    expect(link.searchParams.get('service_id')).toBe('900');
    expect(link.searchParams.get('return_url')).toBe(
      `http://${w.company.subdomain}.localhost/entry/offer-uz/success/${opened.body.token}/${w.company.subdomain}/owner`,
    );
    const orders = await w.db
      .select()
      .from(licenceOrders)
      .where(and(eq(licenceOrders.companyId, w.company.id), eq(licenceOrders.maxStudents, 1000)));
    expect(orders).toHaveLength(1);
  });

  it('a filled honeypot gets a normal-looking answer and nothing is made; unknown centres are 404', async () => {
    const before = await w.db.select().from(licenceOrders).where(eq(licenceOrders.companyId, w.company.id));
    const robot = await w.api('POST', `/entry/order/${w.company.subdomain}`, {
      max_students: 100,
      period_months: 1,
      provider: 'payme',
      website: 'http://spam.example',
    });
    expect(robot.status).toBe(200);
    const after = await w.db.select().from(licenceOrders).where(eq(licenceOrders.companyId, w.company.id));
    expect(after).toHaveLength(before.length);
    expect((await w.api('GET', '/entry/order/no-such-centre')).status).toBe(404);
    expect((await w.api('GET', `/entry/tariffs/id`)).body).toMatchObject({ currency: 'IDR', providers: ['midtrans'] });
  });
});
