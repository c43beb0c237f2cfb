import { z } from 'zod';
import { idSchema, listOf, pageQuerySchema, requiredText } from './common.js';
import { COMPANY_IMAGE } from './company.js';

/**
 * The gamification shop (spec §1, §2 gamification/orders and gamification/shop-panel, §3, §4, §6; issue 21).
 * Students earn coins — by the company's rules or from employees — and spend them on the shop's products. Coins
 * are not money and never become money: they have a ledger of their own, append-only like money's (a balance is
 * the sum of its entries; a correction is a reversing entry).
 */

/** Spec §4: an order is pending until the student's code confirms it at the hand-over, or it is cancelled. */
export const OrderStatus = { pending: 0, confirmed: 1, cancelled: 2 } as const;
export type OrderStatusId = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus) as OrderStatusId[];
export const ORDER_STATUS_KEYS: Record<OrderStatusId, keyof typeof OrderStatus> = {
  0: 'pending',
  1: 'confirmed',
  2: 'cancelled',
};

/** Spec §4 product statuses: only an available product can be ordered; archive hides it from the panel's list. */
export const ProductStatus = { available: 1, unavailable: 2, archive: 3 } as const;
export type ProductStatusId = (typeof ProductStatus)[keyof typeof ProductStatus];
export const PRODUCT_STATUSES = Object.values(ProductStatus) as ProductStatusId[];
export const PRODUCT_STATUS_KEYS: Record<ProductStatusId, keyof typeof ProductStatus> = {
  1: 'available',
  2: 'unavailable',
  3: 'archive',
};

/** Spec §5, §9: the student's confirmation code is 5 digits. */
export const CONFIRMATION_CODE_LENGTH = 5;
export const confirmationCodeSchema = z
  .string()
  .trim()
  .min(CONFIRMATION_CODE_LENGTH)
  .max(CONFIRMATION_CODE_LENGTH)
  .regex(/^\d+$/);
/** Wrong codes an order takes before it is locked for CODE_LOCK_MINUTES (a 5-digit code is otherwise guessable). */
export const CODE_ATTEMPTS = 5;
export const CODE_LOCK_MINUTES = 15;

/** The rules that give coins by themselves, each switched on or off with its amount (issue 21). */
export const COIN_RULES = [
  'attendance_present',
  'homework_on_time',
  'grade_at_least',
  'month_without_absence',
  'birthday',
] as const;
export type CoinRule = (typeof COIN_RULES)[number];

export const COIN_AMOUNT_MAX = 10_000;
const coinAmount = z.number().int().min(1).max(COIN_AMOUNT_MAX);
const coinRuleSchema = z.object({ on: z.boolean(), amount: coinAmount });

export const coinSettingsSchema = z.object({
  /** Spec §6: all employees give (and take) coins only if the company enables it. */
  employees_give: z.boolean(),
  attendance_present: coinRuleSchema,
  homework_on_time: coinRuleSchema,
  /** The grade that earns coins is at least `threshold` on the company's scale. */
  grade_at_least: coinRuleSchema.extend({ threshold: z.number().int().min(1).max(100) }),
  month_without_absence: coinRuleSchema,
  birthday: coinRuleSchema,
});
export type CoinSettings = z.infer<typeof coinSettingsSchema>;

export const DEFAULT_COIN_SETTINGS: CoinSettings = {
  employees_give: false,
  attendance_present: { on: false, amount: 5 },
  homework_on_time: { on: false, amount: 10 },
  grade_at_least: { on: false, amount: 10, threshold: 5 },
  month_without_absence: { on: false, amount: 50 },
  birthday: { on: false, amount: 100 },
};

/** What moved a student's coins. */
export const COIN_ENTRY_KINDS = ['rule', 'manual', 'order_reserve', 'order_release'] as const;
export type CoinEntryKind = (typeof COIN_ENTRY_KINDS)[number];

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const coinEntrySchema = z.object({
  id: z.number().int(),
  /** Positive: earned or returned; negative: spent, reserved or taken. */
  amount: z.number().int(),
  kind: z.enum(COIN_ENTRY_KINDS),
  /** For kind `rule`: which rule gave them. */
  rule: z.enum(COIN_RULES).nullable(),
  /** What the employee wrote, or what the rule was given for (a group and a day). */
  reason: z.string().nullable(),
  order_id: z.number().int().nullable(),
  author: personRef.nullable(),
  created_at: z.string(),
});
export type CoinEntry = z.infer<typeof coinEntrySchema>;

export const coinHistoryQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const coinAccountSchema = z.object({
  student: personRef,
  balance: z.number().int(),
  /** Coins held by pending orders (already out of the balance). */
  reserved: z.number().int(),
  entries: listOf(coinEntrySchema),
  policies: z.object({
    /** The caller may give or take coins here (the company lets employees, and he reaches the student). */
    give: z.boolean(),
  }),
});
export type CoinAccount = z.infer<typeof coinAccountSchema>;

export const COIN_REASON_MAX = 255;
export const coinGiftInputSchema = z.object({
  /** Positive gives, negative takes; never more than the student holds. */
  amount: z
    .number()
    .int()
    .min(-COIN_AMOUNT_MAX)
    .max(COIN_AMOUNT_MAX)
    .refine((amount) => amount !== 0),
  reason: requiredText(COIN_REASON_MAX),
});
export type CoinGiftInput = z.infer<typeof coinGiftInputSchema>;

export const groupCoinBalancesSchema = z.object({
  balances: z.array(z.object({ student_id: z.number().int(), balance: z.number().int() })),
});
export type GroupCoinBalances = z.infer<typeof groupCoinBalancesSchema>;

/** A product's photo is checked like the company's pictures and resized to fit this square. */
export const PRODUCT_PHOTO = { types: COMPANY_IMAGE.types, maxBytes: COMPANY_IMAGE.maxBytes, pixels: 800 } as const;
export const PRODUCT_PHOTO_ADDRESS = /^\/api\/v1\/gamification\/photo\/(\d{1,15})\/([0-9a-f]{32})$/;
export const productPhotoAddress = (companyId: number, key: string) => `/api/v1/gamification/photo/${companyId}/${key}`;
export function productPhotoKeyOf(address: string): { companyId: number; key: string } | null {
  const match = PRODUCT_PHOTO_ADDRESS.exec(address);
  return match ? { companyId: Number(match[1]), key: match[2] as string } : null;
}
export const productPhotoSchema = z.object({ address: z.string() });

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 1000;
export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_STOCK_MAX = 100_000;

export const productInputSchema = z.object({
  name: requiredText(PRODUCT_NAME_MAX),
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX).default(''),
  photo: z.string().max(200).regex(PRODUCT_PHOTO_ADDRESS).nullable().default(null),
  price: z.number().int().min(1).max(PRODUCT_PRICE_MAX),
  /** Pieces left; null: not counted (never runs out). */
  stock: z.number().int().min(0).max(PRODUCT_STOCK_MAX).nullable().default(null),
  status: z.union(PRODUCT_STATUSES.map((id) => z.literal(id))).default(ProductStatus.available),
  /** Sold in this branch only; null: in every branch. */
  branch_id: idSchema.nullable().default(null),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  photo: z.string().nullable(),
  price: z.number().int(),
  stock: z.number().int().nullable(),
  status: z.number().int(),
  branch: personRef.nullable(),
  pending_orders: z.number().int(),
  policies: z.object({
    edit: z.boolean(),
    /** Spec §8 / issue 21: a product in a pending order is archived, never deleted. */
    delete: z.boolean(),
  }),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = pageQuerySchema.extend({
  /** Without a status: every product but the archived ones. */
  status: z.coerce
    .number()
    .pipe(z.union(PRODUCT_STATUSES.map((id) => z.literal(id))))
    .optional(),
  branch_id: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export const productListSchema = listOf(productSchema).extend({
  policies: z.object({ create: z.boolean() }),
});
export type ProductList = z.infer<typeof productListSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), photo: z.string().nullable() }),
  student: personRef,
  branch: personRef.nullable(),
  price: z.number().int(),
  responsible: personRef.nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** While it is locked after too many wrong codes: until when. */
  locked_until: z.string().nullable(),
  policies: z.object({ confirm: z.boolean(), cancel: z.boolean() }),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = pageQuerySchema.extend({
  status: z.coerce
    .number()
    .pipe(z.union(ORDER_STATUSES.map((id) => z.literal(id))))
    .optional(),
  product_id: idSchema.optional(),
  student_id: idSchema.optional(),
  responsible_id: idSchema.optional(),
  branch_id: idSchema.optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export const orderListSchema = listOf(orderSchema);
export type OrderList = z.infer<typeof orderListSchema>;

export const orderConfirmInputSchema = z.object({ code: confirmationCodeSchema });
export type OrderConfirmInput = z.infer<typeof orderConfirmInputSchema>;

/** The filters' choices of the orders page: products and responsible staff that appear in orders. */
export const orderFilterChoicesSchema = z.object({
  products: z.array(personRef),
  responsible: z.array(personRef),
});
export type OrderFilterChoices = z.infer<typeof orderFilterChoicesSchema>;

/** The student's own order: with its code while it is pending (he shows it at the hand-over). */
export const myOrderSchema = orderSchema.omit({ policies: true, locked_until: true }).extend({
  code: z.string().nullable(),
  policies: z.object({ cancel: z.boolean() }),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const shopProductSchema = productSchema.omit({ policies: true, pending_orders: true }).extend({
  /** The student holds enough coins for it. */
  affordable: z.boolean(),
  /** Pieces are left (or not counted). */
  in_stock: z.boolean(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const studentShopSchema = z.object({
  balance: z.number().int(),
  reserved: z.number().int(),
  products: z.array(shopProductSchema),
  orders: z.array(myOrderSchema),
});
export type StudentShop = z.infer<typeof studentShopSchema>;

export const placeOrderInputSchema = z.object({ product_id: idSchema });
export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;
