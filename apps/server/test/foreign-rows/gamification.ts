import { shopOrders, shopProducts } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { createForeignGroup } from '../foreign-group.js';
import type { ForeignRows } from '../helpers.js';

/**
 * The other company's group and student, a product of its shop and the student's pending order: reading the
 * student's coins or the group's, changing or deleting the product, and confirming or cancelling the order
 * (as staff or as the student) all read as absent. Its photo address names a key it never stored.
 */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { group, studentId } = await createForeignGroup(db, foreign, {
    course: 'Foreign shop',
    code: 'FSH',
    teacher: 'Foreign Shopkeeper',
    student: 'Foreign Buyer',
    phones: ['976900001', '976900002'],
  });
  const { product, order } = await inCompany(db, foreign.id, async (tx) => {
    const [product] = await tx
      .insert(shopProducts)
      .values({ companyId: foreign.id, name: 'Foreign pen', price: 10 })
      .returning({ id: shopProducts.id });
    const [order] = await tx
      .insert(shopOrders)
      .values({ companyId: foreign.id, studentId, productId: product!.id, price: 10, code: '12345' })
      .returning({ id: shopOrders.id });
    return { product: product!.id, order: order!.id };
  });
  const productBody = { name: 'Hijacked', price: 1, stock: null, status: 1, branch_id: null };
  return {
    '/api/v1/gamification/coins/:id': {
      params: { id: studentId },
      bodies: { POST: { amount: 100, reason: 'Hijacked' } },
    },
    '/api/v1/gamification/group/:id/coins': { params: { id: group } },
    '/api/v1/gamification/products/:id': { params: { id: product }, bodies: { PUT: productBody } },
    '/api/v1/gamification/orders/:id/confirm': { params: { id: order }, bodies: { POST: { code: '12345' } } },
    '/api/v1/gamification/orders/:id/cancel': { params: { id: order } },
    '/api/v1/gamification/shop/orders/:id/cancel': { params: { id: order } },
    '/api/v1/gamification/photo/:company_id/:key': { params: { company_id: foreign.id, key: '0'.repeat(32) } },
  };
};
