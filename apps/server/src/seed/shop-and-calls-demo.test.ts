import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../test/helpers.js';
import { selectRows } from '../db/client.js';
import { createLessonsWorld } from '../modules/lessons/lessons-test-world.js';
import { inCompany } from '../platform/tenancy.js';
import { seedGamificationDemo } from './gamification-demo.js';
import { insertLeads } from './leads-factories.js';
import { seedTelephonyDemo } from './telephony-demo.js';

const { app, database } = await openTestApp();

describe('seedGamificationDemo', () => {
  it('opens a shop with orders in every status, and the log-in student holds coins and a pending order', async () => {
    const w = await createLessonsWorld(app, database.db);
    await seedGamificationDemo(database.db, w.company, 'uz');
    const products = (await w.api(w.tokens.admin, 'GET', '/gamification/products')).body;
    expect(products.data.length).toBeGreaterThanOrEqual(6);
    const orders = (await w.api(w.tokens.admin, 'GET', '/gamification/orders')).body;
    expect(new Set(orders.data.map((o: { status: number }) => o.status))).toEqual(new Set([0, 1, 2]));
    const student = await loginAs(app, w.sub, w.company.users.student.phone);
    const shop = (await w.api(student, 'GET', '/gamification/shop')).body;
    expect(shop.balance).toBeGreaterThan(0);
    expect(shop.orders.find((o: { status: number }) => o.status === 0)?.code).toMatch(/^\d{5}$/);
    const negative = await inCompany(database.db, w.company.id, (tx) =>
      selectRows<{ id: number }>(
        tx,
        sql`select student_id as id from coin_entries group by student_id having sum(amount) < 0`,
      ),
    );
    expect(negative).toEqual([]);
  });
});

describe('seedTelephonyDemo', () => {
  it('keeps a week of calls matched to leads and students, shown although no provider answers', async () => {
    const w = await createLessonsWorld(app, database.db);
    await insertLeads(database.db, w.company.id, [{ branchId: w.main, name: 'Demo Lead', phone: '977770001' }]);
    await seedTelephonyDemo(database.db, w.company);
    const log = await w.api(w.tokens.admin, 'GET', '/call/history');
    expect(log.status).toBe(200);
    expect(log.body.reachable).toBe(false);
    expect(log.body.data.length).toBeGreaterThan(3);
    expect(log.body.data.some((c: { match: { role: string } | null }) => c.match?.role === 'lead')).toBe(true);
    expect(new Set(log.body.data.map((c: { type: string }) => c.type)).size).toBeGreaterThan(2);
  });
});
