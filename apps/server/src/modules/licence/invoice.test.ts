import { formatAmount, type LicenceOrder, PLATFORM_SETTING_KEYS } from '@crm/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { branches, companies, licenceOrders, platformSettings } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { asPlatform } from '../console/platform-db.js';
import { tariffPrice } from '../console/tariffs.js';
import { createPaymentsWorld } from '../online-payments/payments-test-world.js';
import { pdfText } from './invoice-test-text.js';
import { applyLicencePayment } from './licence-payments.js';
import { createLicenceOrder } from './orders.js';

/** Issue 17: the invoice for a bank transfer, downloaded from /billing/order by the owner or the CEO. */

const REQUISITES = {
  name: 'CRM Platforma MChJ',
  address: 'Toshkent, Amir Temur 1',
  tax_id: '301234567',
  bank: 'Kapitalbank',
  account: '20208000900123456789',
  bank_code: '01158',
  phone: '+998 71 200 00 00',
};

const world = await createPaymentsWorld();

/** The invoice as the browser downloads it: the raw bytes (the test helpers' `call` reads JSON). */
async function download(orderId: number, token: string, sub = world.company.subdomain) {
  const res = await world.app.inject({
    method: 'GET',
    url: `/api/v1/licence/orders/${orderId}/invoice`,
    headers: { host: `${sub}.localhost`, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, headers: res.headers, pdf: res.rawPayload, json: () => res.json() };
}

/** The PDF's text on one line: a cell's text wraps onto several lines of the page. */
const readable = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

const setRequisites = (requisites: typeof REQUISITES | null, hiddenHosts: string[] = []) =>
  world.db
    .insert(platformSettings)
    .values({
      key: PLATFORM_SETTING_KEYS.licence,
      value: { grace_days: 7, billing_hidden_hosts: hiddenHosts, requisites },
    })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value` } });

const setCompany = (values: Partial<typeof companies.$inferInsert>) =>
  inCompany(world.db, world.company.id, (tx) =>
    tx.update(companies).set(values).where(eq(companies.id, world.company.id)),
  );

// Set up at the top level, as the other payment tests do: a hook's timeout is too short on a busy machine.
await setRequisites(REQUISITES);
await setCompany({ phone: '901234567' });
await inCompany(world.db, world.company.id, (tx) =>
  tx.update(branches).set({ address: 'Samarqand, Registon 5' }).where(eq(branches.id, world.branchId)),
);
const ceo = await loginAs(world.app, world.company.subdomain, world.company.users.ceo.phone);
const created = await world.api('POST', '/licence/orders', { max_students: 300, period_months: 6 }, { token: ceo });
if (created.status !== 200) throw new Error(`ordering failed: ${JSON.stringify(created.body)}`);
const order: LicenceOrder = created.body;

describe('GET /licence/orders/{id}/invoice', () => {
  it('gives the CEO a PDF named by the invoice number, with the order, both parties and the purpose', async () => {
    const res = await download(order.id, ceo);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.number}.pdf"`);
    expect(res.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = readable(res.pdf);
    const amount = `${formatAmount(order.amount, 'UZS')} UZS`;
    // The company's language is Uzbek (the factory's default locale).
    expect(text).toContain(`Toʻlov uchun hisob № ${order.number}`);
    expect(text).toContain('CRM litsenziyasi: 300 tagacha oʻquvchi, 6 oy');
    expect(text).toContain(`Jami: ${amount}`);
    expect(text).toContain(`${order.number}-sonli hisob boʻyicha toʻlov`);
    for (const detail of ['Pay Academy', world.company.subdomain, '901234567', 'Samarqand, Registon 5'])
      expect(text).toContain(detail);
    for (const detail of Object.values(REQUISITES)) expect(text).toContain(detail);
    expect(text).not.toContain('Toʻlangan');
  });

  it('is dated by the company’s day: an order at 00:30 in Tashkent is that day, not the UTC one', async () => {
    await inCompany(world.db, world.company.id, (tx) =>
      tx
        .update(licenceOrders)
        .set({ createdAt: new Date('2026-11-25T19:30:00Z') })
        .where(eq(licenceOrders.id, order.id)),
    );
    expect(readable((await download(order.id, ceo)).pdf)).toContain('Sana: 26.11.2026');
  });

  it('is written in the company’s language, Cyrillic included', async () => {
    await setCompany({ datas: sql`${companies.datas} || '{"locale":"ru"}'::jsonb` });
    try {
      const text = readable((await download(order.id, ceo)).pdf);
      expect(text).toContain(`Счёт на оплату № ${order.number}`);
      expect(text).toContain(`Оплата по счёту № ${order.number}`);
      expect(text).toContain('Лицензия CRM: до 300 учеников, 6 мес.');
    } finally {
      await setCompany({ datas: sql`${companies.datas} || '{"locale":"uz"}'::jsonb` });
    }
  });

  it('says the payment details will come from the manager while the console has set none', async () => {
    await setRequisites(null);
    try {
      const res = await download(order.id, ceo);
      expect(res.status).toBe(200);
      const text = readable(res.pdf);
      expect(text).toContain('Toʻlov rekvizitlarini platforma menejeri yuboradi.');
      expect(text).not.toContain(REQUISITES.account);
      expect(text).toContain(`Toʻlov uchun hisob № ${order.number}`);
    } finally {
      await setRequisites(REQUISITES);
    }
  });

  it('refuses the admin and the cashier (spec §6 billing: owner and CEO only)', async () => {
    for (const role of ['admin', 'cashier'] as const) {
      const token = await loginAs(world.app, world.company.subdomain, world.company.users[role].phone);
      const res = await download(order.id, token);
      expect(res.status, role).toBe(403);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('answers 404 for another company’s order, as for one that does not exist', async () => {
    const other = await createCompanyWithRoleUsers(world.db, {
      name: 'Other Academy',
      subdomain: uniqueSubdomain('other'),
      branches: ['O'],
    });
    const tariff = await asPlatform(world.db, (q) => tariffPrice(q, 'uz', 100, 1));
    const foreign = await inCompany(world.db, other.id, (tx) =>
      createLicenceOrder(tx, other.id, other.users.owner.id, { max_students: 100, period_months: 1 }, tariff),
    );
    const res = await download(foreign.id, ceo);
    expect(res.status).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await download(foreign.id + 1000, ceo)).status).toBe(404);
  });

  it('is not served on a white-label partner’s host, where billing is hidden', async () => {
    await setRequisites(REQUISITES, ['localhost']);
    try {
      expect((await download(order.id, ceo)).status).toBe(404);
    } finally {
      await setRequisites(REQUISITES);
    }
  });

  it('is served when the licence is long over, when the other pages are closed', async () => {
    await setCompany({ licenceEndsOn: '2026-01-31' });
    try {
      const closed = await world.api('GET', '/branch/all', undefined, { token: ceo });
      expect(closed.status).toBe(402);
      const res = await download(order.id, ceo);
      expect(res.status).toBe(200);
      expect(readable(res.pdf)).toContain(order.number);
    } finally {
      await setCompany({ licenceEndsOn: null });
    }
  });

  it('marks a paid order as paid on the company’s day', async () => {
    const paidAt = new Date('2026-11-26T20:15:00Z'); // 01:15 on the 27th in Tashkent
    await inCompany(world.db, world.company.id, (tx) =>
      applyLicencePayment(tx, {
        companyId: world.company.id,
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        method: 'transfer',
        onlinePaymentId: null,
        naturalKey: `transfer-${order.number}`,
        now: paidAt,
      }),
    );
    const text = readable((await download(order.id, ceo)).pdf);
    expect(text).toContain('Toʻlangan: 27.11.2026');
  });
});
