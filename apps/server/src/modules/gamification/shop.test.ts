import { CODE_LOCK_MINUTES, OrderStatus, ProductStatus } from '@crm/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { atTashkent, clock } from '../lessons/lessons-test-world.js';
import { createGamificationWorld, type GamificationWorld } from './gamification-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: GamificationWorld;

beforeAll(async () => {
  w = await createGamificationWorld(app, database.db);
});

beforeEach(async () => {
  atTashkent('2026-11-18', '09:30');
  await w.reset();
});

const order = (productId: number) =>
  w.api(w.studentToken, 'POST', '/gamification/shop/orders', { product_id: productId });
const confirm = (orderId: number, code: string, token = w.tokens.admin) =>
  w.api(token, 'POST', `/gamification/orders/${orderId}/confirm`, { code });
const wrongCodeOf = (code: string) => (code === '00000' ? '11111' : '00000');

describe('the shop panel', () => {
  it('adds, edits and lists products of a branch; every branch is the owner’s to choose', async () => {
    const created = await w.api(w.tokens.admin, 'POST', '/gamification/products', {
      name: 'Mug',
      description: 'With the centre’s logo',
      price: 40,
      stock: 3,
      branch_id: w.main,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Mug', stock: 3, status: 1, policies: { edit: true, delete: true } });
    const everywhere = await w.api(w.tokens.admin, 'POST', '/gamification/products', { name: 'Pen', price: 5 });
    expect(everywhere.status).toBe(400);
    expect(everywhere.body.error.details).toContainEqual(expect.objectContaining({ field: 'branch_id' }));
    expect((await w.api(w.tokens.owner, 'POST', '/gamification/products', { name: 'Pen', price: 5 })).status).toBe(200);
    const invalid = await w.api(w.tokens.admin, 'POST', '/gamification/products', {
      name: ' ',
      price: 0,
      branch_id: w.main,
    });
    expect(invalid.status).toBe(400);

    const edited = await w.api(w.tokens.admin, 'PUT', `/gamification/products/${created.body.id}`, {
      name: 'Big mug',
      price: 45,
      stock: null,
      status: ProductStatus.archive,
      branch_id: w.main,
    });
    expect(edited.status).toBe(200);
    const list = await w.api(w.tokens.admin, 'GET', '/gamification/products');
    // Archived products leave the list unless asked for.
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Pen']);
    expect(list.body.data[0].policies.edit).toBe(false);
    const archived = await w.api(w.tokens.admin, 'GET', `/gamification/products?status=${ProductStatus.archive}`);
    expect(archived.body.data.map((p: { name: string }) => p.name)).toEqual(['Big mug']);
    // A teacher is not of the gamification area (spec §6).
    expect((await w.api(w.tokens.teacher, 'GET', '/gamification/products')).status).toBe(403);
  });

  it('deletes a product never ordered, and refuses one ordered (it is archived instead)', async () => {
    const kept = await w.addProduct({ price: 10 });
    const spare = await w.addProduct({ name: 'Sticker', price: 1 });
    await w.grant(w.student.id, 10);
    expect((await order(kept.id)).status).toBe(200);
    const refused = await w.api(w.tokens.admin, 'DELETE', `/gamification/products/${kept.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('product_has_orders');
    expect((await w.api(w.tokens.admin, 'DELETE', `/gamification/products/${spare.id}`)).status).toBe(200);
    const list = await w.api(w.tokens.admin, 'GET', '/gamification/products');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ pending_orders: 1, policies: { delete: false } });
  });
});

describe('ordering and the hand-over', () => {
  it('reserves the coins and shows the student a 5-digit code; the order reaches the branch’s list', async () => {
    const mug = await w.addProduct({ name: 'Mug', price: 30 });
    const dear = await w.addProduct({ name: 'Headphones', price: 500 });
    await w.grant(w.student.id, 50);
    const shop = await w.api(w.studentToken, 'GET', '/gamification/shop');
    expect(shop.status).toBe(200);
    expect(shop.body.balance).toBe(50);
    const affordable = Object.fromEntries(
      shop.body.products.map((p: { id: number; affordable: boolean }) => [p.id, p.affordable]),
    );
    expect(affordable).toEqual({ [mug.id]: true, [dear.id]: false });

    const placed = await order(mug.id);
    expect(placed.status).toBe(200);
    expect(placed.body.code).toMatch(/^\d{5}$/);
    expect(placed.body).toMatchObject({ status: OrderStatus.pending, price: 30 });
    const after = await w.api(w.studentToken, 'GET', '/gamification/shop');
    expect(after.body).toMatchObject({ balance: 20, reserved: 30 });
    expect(after.body.orders[0].code).toBe(placed.body.code);

    const poor = await order(dear.id);
    expect(poor.status).toBe(422);
    expect(poor.body.error.code).toBe('not_enough_coins');
    expect(await w.balance(w.student.id)).toBe(20);

    const list = await w.api(w.tokens.admin, 'GET', `/gamification/orders?status=0&student_id=${w.student.id}`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: placed.body.id,
      product: { name: 'Mug' },
      policies: { confirm: true },
    });
    expect(list.body.data[0]).not.toHaveProperty('code');
    expect((await w.api(w.tokens.admin, 'GET', '/gamification/orders?status=1')).body.data).toHaveLength(0);
  });

  it('confirms with the right code: the staff member is responsible, the stock goes down, once', async () => {
    const mug = await w.addProduct({ price: 10, stock: 2 });
    await w.grant(w.student.id, 10);
    const placed = await order(mug.id);
    const confirmed = await confirm(placed.body.id, placed.body.code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: OrderStatus.confirmed,
      responsible: { id: w.company.users.admin.id },
    });
    // The same hand-over again answers the same order and takes no second piece.
    expect((await confirm(placed.body.id, placed.body.code)).status).toBe(200);
    const product = await w.api(w.tokens.admin, 'GET', '/gamification/products');
    expect(product.body.data[0].stock).toBe(1);
    const cancel = await w.api(w.tokens.admin, 'POST', `/gamification/orders/${placed.body.id}/cancel`);
    expect(cancel.status).toBe(422);
    expect(cancel.body.error.code).toBe('order_not_pending');
    expect(await w.balance(w.student.id)).toBe(0);
    const byResponsible = await w.api(
      w.tokens.admin,
      'GET',
      `/gamification/orders?responsible_id=${w.company.users.admin.id}`,
    );
    expect(byResponsible.body.data).toHaveLength(1);
  });

  it('counts wrong codes and locks the order for a while at the fifth', async () => {
    const mug = await w.addProduct({ price: 10 });
    await w.grant(w.student.id, 10);
    const placed = await order(mug.id);
    const wrong = wrongCodeOf(placed.body.code);
    for (const left of [4, 3, 2, 1]) {
      const res = await confirm(placed.body.id, wrong);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'wrong_confirmation_code', details: { attempts_left: left } });
    }
    const locked = await confirm(placed.body.id, wrong);
    expect(locked.body.error.code).toBe('order_locked');
    // Locked: even the right code waits.
    expect((await confirm(placed.body.id, placed.body.code)).body.error.code).toBe('order_locked');
    clock.now = new Date(clock.now.getTime() + (CODE_LOCK_MINUTES + 1) * 60_000);
    expect((await confirm(placed.body.id, placed.body.code)).status).toBe(200);
    const malformed = await confirm(placed.body.id, '12a45');
    expect(malformed.status).toBe(400);
  });

  it('cancels a pending order and returns its coins, once, by staff or by the student', async () => {
    const mug = await w.addProduct({ price: 10 });
    await w.grant(w.student.id, 25);
    const first = await order(mug.id);
    const second = await order(mug.id);
    expect(await w.balance(w.student.id)).toBe(5);
    const cancel = () => w.api(w.tokens.admin, 'POST', `/gamification/orders/${first.body.id}/cancel`);
    expect((await cancel()).body.status).toBe(OrderStatus.cancelled);
    expect((await cancel()).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(15);
    const mine = await w.api(w.studentToken, 'POST', `/gamification/shop/orders/${second.body.id}/cancel`);
    expect(mine.status).toBe(200);
    expect(mine.body.code).toBeNull();
    expect(await w.balance(w.student.id)).toBe(25);
    expect((await confirm(second.body.id, second.body.code)).body.error.code).toBe('order_not_pending');
  });

  it('never promises more pieces than the stock, nor sells an unavailable product', async () => {
    const last = await w.addProduct({ price: 5, stock: 1 });
    const hidden = await w.addProduct({ price: 5, status: ProductStatus.unavailable });
    await w.grant(w.student.id, 50);
    expect((await order(last.id)).status).toBe(200);
    const gone = await order(last.id);
    expect(gone.status).toBe(422);
    expect(gone.body.error.code).toBe('product_out_of_stock');
    expect((await order(hidden.id)).body.error.code).toBe('product_not_available');
    const shop = await w.api(w.studentToken, 'GET', '/gamification/shop');
    expect(shop.body.products).toEqual([expect.objectContaining({ id: last.id, in_stock: false })]);
    expect(await w.balance(w.student.id)).toBe(45);
  });

  it('books two concurrent hand-overs of one order once', async () => {
    const mug = await w.addProduct({ price: 10, stock: 5 });
    await w.grant(w.student.id, 10);
    const placed = await order(mug.id);
    const answers = await Promise.all([
      confirm(placed.body.id, placed.body.code, w.tokens.admin),
      confirm(placed.body.id, placed.body.code, w.tokens.owner),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const product = await w.api(w.tokens.admin, 'GET', '/gamification/products');
    expect(product.body.data[0].stock).toBe(4);
  });
});
