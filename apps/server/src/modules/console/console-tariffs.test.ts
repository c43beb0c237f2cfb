import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { platformAuditLog, platformTariffs } from '../../db/schema/index.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import type { NewConsoleAccount } from './console-accounts.js';
import { consoleCall, newAccount, signIn } from './console-test-world.js';
import { asPlatform } from './platform-db.js';
import { discountPercent, tariffPrice, tariffsOf } from './tariffs.js';

const { app, database } = await openTestApp();
const db = database.db;
let account: NewConsoleAccount;
let token: string;

/*
 * Changes are made to Portugal's list, which migration 0015 does not seed and no other file prices, so a shared
 * PostgreSQL's uz/kz/id lists stay as the licence tests expect them; it is emptied again at the end.
 */
const COUNTRY = 'pt';
const clearCountry = () => db.delete(platformTariffs).where(eq(platformTariffs.country, COUNTRY));

const list = (country: string) => consoleCall(app, { url: `/console/tariffs?country=${country}`, token });
const put = (body: unknown, as = token) =>
  consoleCall(app, { method: 'PUT', url: '/console/tariffs', token: as, body });
const lastAudit = () =>
  db
    .select({ action: platformAuditLog.action, data: platformAuditLog.data })
    .from(platformAuditLog)
    .where(
      and(
        eq(platformAuditLog.accountId, account.id),
        inArray(platformAuditLog.action, ['tariff_set', 'tariff_deleted']),
      ),
    )
    .orderBy(desc(platformAuditLog.id))
    .limit(1)
    .then((rows) => rows[0]);

beforeAll(async () => {
  await clearCountry();
  account = await newAccount(db);
  token = await signIn(app, account);
});
afterAll(clearCountry);

describe('the price list', () => {
  it('lists a country’s prices band by band with the discount of longer periods (uz as seeded)', async () => {
    const res = await list('uz');
    expect(res.status).toBe(200);
    expect(res.body.country).toBe('uz');
    expect(res.body.currency).toBe('UZS');
    const cells = res.body.data.map(
      (t: { max_students: number; min_students: number; period_months: number; price: number }) => [
        t.min_students,
        t.max_students,
        t.period_months,
        t.price,
      ],
    );
    expect(cells.slice(0, 5)).toEqual([
      [0, 100, 1, 200000],
      [0, 100, 3, 570000],
      [0, 100, 6, 1080000],
      [0, 100, 12, 1920000],
      [100, 300, 1, 400000],
    ]);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data.slice(0, 4).map((t: { discount_percent: number }) => t.discount_percent)).toEqual([
      0, 5, 10, 20,
    ]);
    expect(res.body.data.every((t: { currency: string }) => t.currency === 'UZS')).toBe(true);
  });

  it('answers an empty list, with the country’s currency, where nothing is priced yet', async () => {
    expect((await list(COUNTRY)).body).toEqual({ country: COUNTRY, currency: 'EUR', data: [] });
  });

  it('sets a price in the country’s currency, changes it in place, and logs both with the price replaced', async () => {
    const monthly = await put({ country: COUNTRY, max_students: 100, period_months: 1, price: 1500 });
    expect(monthly.status).toBe(200);
    expect(monthly.body).toMatchObject({
      country: COUNTRY,
      currency: 'EUR',
      min_students: 0,
      max_students: 100,
      period_months: 1,
      price: 1500,
      discount_percent: 0,
    });
    expect(await lastAudit()).toEqual({
      action: 'tariff_set',
      data: { country: COUNTRY, currency: 'EUR', max_students: 100, period_months: 1, from: null, to: 1500 },
    });

    // Dearer than three single months: a negative discount is shown as it is, not hidden.
    const quarter = await put({ country: COUNTRY, max_students: 100, period_months: 3, price: 4800 });
    expect(quarter.body.discount_percent).toBe(-7);

    const auditRows = async () =>
      (await db.select().from(platformAuditLog).where(eq(platformAuditLog.accountId, account.id))).length;
    const rowsBefore = await auditRows();
    const same = await put({ country: COUNTRY, max_students: 100, period_months: 3, price: 4800 });
    expect(same.body).toEqual(quarter.body);
    expect(await auditRows(), 'the same price again is no change to log').toBe(rowsBefore);

    const changed = await put({ country: COUNTRY, max_students: 100, period_months: 1, price: 2000 });
    expect(changed.body.id).toBe(monthly.body.id);
    expect(await lastAudit()).toMatchObject({ data: { from: 1500, to: 2000 } });
    const after = (await list(COUNTRY)).body.data;
    expect(after.map((t: { price: number; discount_percent: number }) => [t.price, t.discount_percent])).toEqual([
      [2000, 0],
      [4800, 20],
    ]);
  });

  it('is read by the licence module through tariffsOf and tariffPrice', async () => {
    await put({ country: COUNTRY, max_students: 300, period_months: 12, price: 30000 });
    const offered = await asPlatform(db, (tx) => tariffsOf(tx, COUNTRY));
    const yearly = await asPlatform(db, (tx) => tariffPrice(tx, COUNTRY, 300, 12));
    expect(yearly).toEqual(offered.find((t) => t.max_students === 300 && t.period_months === 12));
    expect(yearly).toMatchObject({ min_students: 100, price: 30000, discount_percent: 0 });
    expect(await asPlatform(db, (tx) => tariffPrice(tx, COUNTRY, 1000, 6))).toBeNull();
  });

  it('refuses a band, period, price or country outside the spec’s, and writes nothing', async () => {
    const valid = { country: COUNTRY, max_students: 1000, period_months: 6, price: 100 };
    for (const body of [
      { ...valid, max_students: 200 },
      { ...valid, max_students: 0 },
      { ...valid, period_months: 2 },
      { ...valid, period_months: 24 },
      { ...valid, price: -100 },
      { ...valid, price: 0 },
      { ...valid, price: 10.5 },
      { ...valid, country: 'xx' },
      { country: COUNTRY, max_students: 1000, period_months: 6 },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await asPlatform(db, (tx) => tariffPrice(tx, COUNTRY, 1000, 6))).toBeNull();
    expect((await list('xx')).status).toBe(400);
  });

  it('removes a price no longer offered, logged with its amount; a second removal is 404', async () => {
    const yearly = (await put({ country: COUNTRY, max_students: 1000, period_months: 12, price: 90000 })).body;
    const removed = await consoleCall(app, { method: 'DELETE', url: `/console/tariffs/${yearly.id}`, token });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await list(COUNTRY)).body.data.some((t: { id: number }) => t.id === yearly.id)).toBe(false);
    expect(await lastAudit()).toEqual({
      action: 'tariff_deleted',
      data: { country: COUNTRY, currency: 'EUR', max_students: 1000, period_months: 12, price: 90000 },
    });
    const again = await consoleCall(app, { method: 'DELETE', url: `/console/tariffs/${yearly.id}`, token });
    expect(again.status).toBe(404);
  });

  it('is refused to a caller without a console token, a centre’s owner included, and nothing changes', async () => {
    const centre = await createCompanyWithRoleUsers(db, {
      name: 'Price Peek',
      subdomain: uniqueSubdomain('peek'),
      branches: ['Main'],
    });
    const owner = await loginAs(app, centre.subdomain, centre.users.owner.phone);
    const body = { country: COUNTRY, max_students: 100, period_months: 6, price: 1 };
    for (const as of [undefined, owner]) {
      expect((await consoleCall(app, { method: 'PUT', url: '/console/tariffs', token: as, body })).status).toBe(401);
      expect((await consoleCall(app, { url: '/console/tariffs?country=uz', token: as })).status).toBe(401);
    }
    expect(
      (await consoleCall(app, { method: 'PUT', url: '/console/tariffs', token: owner, body, sub: centre.subdomain }))
        .status,
    ).toBe(401);
    expect(await asPlatform(db, (tx) => tariffPrice(tx, COUNTRY, 100, 6))).toBeNull();
  });
});

describe('a longer period’s discount', () => {
  it('is against the one-month price times the months, rounded to a whole percent', () => {
    expect(discountPercent(570000, 3, 200000)).toBe(5);
    expect(discountPercent(1920000, 12, 200000)).toBe(20);
    expect(discountPercent(599000, 3, 200000)).toBe(0);
    expect(discountPercent(1000, 6, undefined)).toBe(0);
    expect(discountPercent(200000, 1, 200000)).toBe(0);
  });
});
