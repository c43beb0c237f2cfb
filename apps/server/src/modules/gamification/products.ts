import {
  type Product,
  type ProductList,
  type ProductListQuery,
  ProductStatus,
  type ProductValues,
  paginate,
  productListQuerySchema,
} from '@crm/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, shopOrders, shopProducts } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError, FieldRefusal, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import type { PublicPictures } from '../../platform/public-pictures.js';
import { assertGamificationOn } from './coin-settings.js';

/**
 * The shop panel's products (spec §2 gamification/shop-panel). A product is one branch's or every branch's;
 * a branch's staff manage their branches' products, and only owner and CEO (who work in every branch) those
 * of every branch. A product once ordered keeps its row for the orders' history: it is archived, not deleted.
 */

/** Products the caller sees: every branch's, and his branches'. */
export function productScope(actor: Actor): SQL {
  const own = and(eq(shopProducts.companyId, actor.companyId));
  if (actor.allBranches) return own as SQL;
  const mine = actor.branchIds.length ? actor.branchIds : [-1];
  return and(own, or(isNull(shopProducts.branchId), inArray(shopProducts.branchId, mine))) as SQL;
}

const mayManage = (actor: Actor, branchId: number | null) =>
  branchId === null ? actor.allBranches : actor.branchIds.includes(branchId);

// The product's columns spelled out: drizzle may leave them unqualified, and in the subquery they would name the order's.
const ordersOf = (status?: number) =>
  sql<number>`(select count(*)::int from shop_orders o where o.company_id = shop_products.company_id
    and o.product_id = shop_products.id${status === undefined ? sql`` : sql` and o.status = ${status}`})`;

const productColumns = {
  id: shopProducts.id,
  name: shopProducts.name,
  description: shopProducts.description,
  photo: shopProducts.photo,
  price: shopProducts.price,
  stock: shopProducts.stock,
  status: shopProducts.status,
  branchId: shopProducts.branchId,
  branchName: branches.name,
  pendingOrders: ordersOf(0),
  allOrders: ordersOf(),
};

interface ProductRow {
  id: number;
  name: string;
  description: string;
  photo: string | null;
  price: number;
  stock: number | null;
  status: number;
  branchId: number | null;
  branchName: string | null;
  pendingOrders: number;
  allOrders: number;
}

function productOf(actor: Actor, row: ProductRow): Product {
  const manage = mayManage(actor, row.branchId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    photo: row.photo,
    price: row.price,
    stock: row.stock,
    status: row.status,
    branch: row.branchId === null ? null : { id: row.branchId, name: row.branchName ?? '' },
    pending_orders: Number(row.pendingOrders),
    policies: { edit: manage, delete: manage && Number(row.allOrders) === 0 },
  };
}

const selectProducts = (tx: Tx) =>
  tx
    .select(productColumns)
    .from(shopProducts)
    .leftJoin(branches, and(eq(branches.companyId, shopProducts.companyId), eq(branches.id, shopProducts.branchId)));

async function findProduct(tx: Tx, actor: Actor, id: number, lock = false): Promise<ProductRow> {
  const query = selectProducts(tx).where(and(productScope(actor), eq(shopProducts.id, id)));
  // Locked before a change: an order being placed for it (which locks it too) waits, or is waited for.
  const [row] = lock ? await query.for('update', { of: shopProducts }) : await query;
  if (!row) throw notFound();
  return row;
}

/** GET /gamification/products. */
export async function listProducts(tx: Tx, actor: Actor, query: ProductListQuery): Promise<ProductList> {
  await assertGamificationOn(tx, actor.companyId);
  const q = productListQuerySchema.parse(query);
  const where: (SQL | undefined)[] = [productScope(actor)];
  where.push(q.status ? eq(shopProducts.status, q.status) : ne(shopProducts.status, ProductStatus.archive));
  if (q.branch_id) {
    assertBranch(actor, q.branch_id);
    where.push(or(isNull(shopProducts.branchId), eq(shopProducts.branchId, q.branch_id)));
  }
  if (q.search) where.push(ilike(shopProducts.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  const [total] = await tx
    .select({ n: count() })
    .from(shopProducts)
    .where(and(...where));
  const rows = await selectProducts(tx)
    .where(and(...where))
    .orderBy(desc(shopProducts.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return {
    data: rows.map((row) => productOf(actor, row)),
    pagination: paginate(total?.n ?? 0, q.page, q.per_page, rows.length),
    policies: { create: true },
  };
}

/** A product's branch must be one the caller manages; every branch is the owner's and CEO's to choose. */
function assertBranchChoice(actor: Actor, branchId: number | null) {
  if (branchId === null) {
    if (!actor.allBranches) throw new FieldRefusal([{ field: 'branch_id', rule: 'required', sentence: 'required' }]);
    return;
  }
  assertBranch(actor, branchId);
}

const valuesOf = (input: ProductValues, photo: string | null) => ({
  name: input.name,
  description: input.description,
  photo,
  price: input.price,
  stock: input.stock,
  status: input.status,
  branchId: input.branch_id,
});

/** POST /gamification/products. */
export async function createProduct(tx: Tx, actor: Actor, photos: PublicPictures, input: ProductValues) {
  await assertGamificationOn(tx, actor.companyId);
  assertBranchChoice(actor, input.branch_id);
  const photo = await photos.checked(actor.companyId, input.photo, 'photo');
  const [created] = await tx
    .insert(shopProducts)
    .values({ companyId: actor.companyId, ...valuesOf(input, photo) })
    .returning({ id: shopProducts.id });
  await recordHistory(tx, actor, {
    event: 'productChanged',
    entity: 'product',
    entityId: created!.id,
    branchId: input.branch_id,
    data: { product_name: input.name, change: 'added' },
  });
  return productOf(actor, await findProduct(tx, actor, created!.id));
}

async function managedProduct(tx: Tx, actor: Actor, id: number): Promise<ProductRow> {
  await assertGamificationOn(tx, actor.companyId);
  const product = await findProduct(tx, actor, id, true);
  if (!mayManage(actor, product.branchId)) throw new AppError(403, 'branch_forbidden', { branch_id: null });
  return product;
}

/** PUT /gamification/products/{id}: answers the product and the photo it no longer shows. */
export async function updateProduct(tx: Tx, actor: Actor, photos: PublicPictures, id: number, input: ProductValues) {
  const before = await managedProduct(tx, actor, id);
  assertBranchChoice(actor, input.branch_id);
  const photo = await photos.checked(actor.companyId, input.photo, 'photo');
  await tx
    .update(shopProducts)
    .set({ ...valuesOf(input, photo), updatedAt: sql`now()` })
    .where(and(eq(shopProducts.companyId, actor.companyId), eq(shopProducts.id, id)));
  await recordHistory(tx, actor, {
    event: 'productChanged',
    entity: 'product',
    entityId: id,
    branchId: input.branch_id,
    data: { product_name: input.name, change: 'edited' },
  });
  return {
    product: productOf(actor, await findProduct(tx, actor, id)),
    released: before.photo !== photo ? before.photo : null,
  };
}

/** DELETE /gamification/products/{id}: only a product never ordered; answers the photo to release. */
export async function deleteProduct(tx: Tx, actor: Actor, id: number): Promise<{ released: string | null }> {
  const product = await managedProduct(tx, actor, id);
  const [ordered] = await tx
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.companyId, actor.companyId), eq(shopOrders.productId, id)))
    .limit(1);
  if (ordered) throw new AppError(422, 'product_has_orders');
  await tx.delete(shopProducts).where(and(eq(shopProducts.companyId, actor.companyId), eq(shopProducts.id, id)));
  await recordHistory(tx, actor, {
    event: 'productChanged',
    entity: 'product',
    entityId: id,
    branchId: product.branchId,
    data: { product_name: product.name, change: 'deleted' },
  });
  return { released: product.photo };
}
