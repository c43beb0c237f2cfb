import { z } from 'zod';
import { COUNTRIES } from './countries.js';
import { AMOUNT_MAX } from './money.js';
import { ONLINE_PROVIDERS } from './online-payments.js';

/**
 * The centre's licence (issue 17, docs/decisions/0026): a plan (a band of students active at once) and the last
 * day it covers. Spec §9: bands 0–100, 100–300, 300–1000; periods 1, 3, 6, 12 months. Prices are data of the
 * platform console (platform_tariffs), never constants here.
 */
export const TARIFF_BANDS = [100, 300, 1000] as const;
export type TariffBand = (typeof TARIFF_BANDS)[number];
export const TARIFF_PERIODS = [1, 3, 6, 12] as const;
export type TariffPeriod = (typeof TARIFF_PERIODS)[number];

/** The band's lower bound: the previous band's upper one (0 for the first). */
export const bandMinOf = (max: TariffBand): number => {
  const index = TARIFF_BANDS.indexOf(max);
  return index > 0 ? TARIFF_BANDS[index - 1]! : 0;
};

/** The header warns when the licence has fewer days left than this (the dashboard always shows them). */
export const LICENCE_WARNING_DAYS = 7;
/** After the last day: read-only for the grace period (a platform setting), then the billing page only. */
export const LICENCE_GRACE_DAYS_DEFAULT = 7;
export const LICENCE_GRACE_DAYS_MAX = 90;

const band = z.coerce
  .number()
  .int()
  .refine((n): n is TariffBand => (TARIFF_BANDS as readonly number[]).includes(n), { message: 'unknown band' });
const period = z.coerce
  .number()
  .int()
  .refine((n): n is TariffPeriod => (TARIFF_PERIODS as readonly number[]).includes(n), { message: 'unknown period' });

/** One price of the list. `discount_percent`: against the same band's one-month price times the months. */
export const tariffSchema = z.object({
  id: z.number().int(),
  country: z.enum(COUNTRIES),
  currency: z.string(),
  max_students: z.number().int(),
  min_students: z.number().int(),
  period_months: z.number().int(),
  price: z.number().int(),
  discount_percent: z.number().int(),
});
export type Tariff = z.infer<typeof tariffSchema>;

/** The console sets one price (country, band, period); the currency is the country's. */
export const tariffInputSchema = z.object({
  country: z.enum(COUNTRIES),
  max_students: band,
  period_months: period,
  price: z.coerce.number().int().positive().max(AMOUNT_MAX),
});
export type TariffInput = z.infer<typeof tariffInputSchema>;

/**
 * Where a licence stands on the centre's today: active; ending (fewer than LICENCE_WARNING_DAYS left); grace
 * (over, data readable, nothing can be changed); expired (over and past the grace: the billing page only);
 * none (no end date: an unlimited licence).
 */
export const LICENCE_STATES = ['active', 'ending', 'grace', 'expired', 'none'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export const licenceSchema = z.object({
  state: z.enum(LICENCE_STATES),
  ends_on: z.iso.date().nullable(),
  /** Negative once it is over. */
  days_left: z.number().int().nullable(),
  /** The last day of read-only access; null while the licence runs or has no end. */
  grace_ends_on: z.iso.date().nullable(),
  /** The plan: the most students active at once; null: no limit. */
  max_students: z.number().int().nullable(),
  /** Students active now, against the plan. */
  active_students: z.number().int(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const LICENCE_ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type LicenceOrderStatus = (typeof LICENCE_ORDER_STATUSES)[number];

/** An order: band and period at the list's price then. Paid online or by a transfer against its invoice. */
export const licenceOrderSchema = z.object({
  id: z.number().int(),
  /** The invoice's number, e.g. "12-345": the company and the order. */
  number: z.string(),
  max_students: z.number().int(),
  period_months: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(LICENCE_ORDER_STATUSES),
  licence_from: z.iso.date().nullable(),
  licence_to: z.iso.date().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type LicenceOrder = z.infer<typeof licenceOrderSchema>;

export const licenceOrderInputSchema = z.object({ max_students: band, period_months: period });
export type LicenceOrderInput = z.infer<typeof licenceOrderInputSchema>;

/** Pay an order online through a provider; `return_url` is where the provider sends the payer back. */
export const licenceCheckoutInputSchema = z.object({ provider: z.enum(ONLINE_PROVIDERS) });

/** GET /company/{id}/payments: the centre's licence money, newest first (a reversal is a negative row). */
export const licencePaymentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LicencePayment = z.infer<typeof licencePaymentSchema>;

/** The platform's own details printed on an invoice for a bank transfer. */
export const platformRequisitesSchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().max(300).default(''),
  tax_id: z.string().trim().max(50).default(''),
  bank: z.string().trim().max(200).default(''),
  account: z.string().trim().max(50).default(''),
  bank_code: z.string().trim().max(50).default(''),
  phone: z.string().trim().max(50).default(''),
});
export type PlatformRequisites = z.infer<typeof platformRequisitesSchema>;

/**
 * The console's licence settings (platform_settings 'licence'): the read-only grace after a licence ends, the
 * hosts (white-label partners) where /billing is hidden, and the details on invoices.
 */
export const licenceSettingsSchema = z.object({
  grace_days: z.number().int().min(0).max(LICENCE_GRACE_DAYS_MAX),
  billing_hidden_hosts: z.array(z.string().trim().toLowerCase().min(1).max(253)).max(100),
  requisites: platformRequisitesSchema.nullable(),
});
export type LicenceSettings = z.infer<typeof licenceSettingsSchema>;
export const LICENCE_SETTINGS_DEFAULT: LicenceSettings = {
  grace_days: LICENCE_GRACE_DAYS_DEFAULT,
  billing_hidden_hosts: [],
  requisites: null,
};
