import { z } from 'zod';
import { AMOUNT_MAX } from './money.js';

/**
 * Online payments (issue 17, docs/decisions/0026): the providers a centre's students pay through and the
 * platform's licences are paid through. Each is a PAYMENT_METHODS value too, so a fee paid online is an
 * ordinary ledger payment whose method names its provider.
 */
export const ONLINE_PROVIDERS = ['payme', 'click', 'midtrans'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];
export const isOnlineProvider = (value: unknown): value is OnlineProvider =>
  typeof value === 'string' && (ONLINE_PROVIDERS as readonly string[]).includes(value);

/** What a checkout pays: a student's fee (the centre's merchant) or the centre's licence (the platform's). */
export const ONLINE_PAYMENT_PURPOSES = ['fee', 'licence'] as const;
export type OnlinePaymentPurpose = (typeof ONLINE_PAYMENT_PURPOSES)[number];

/** Where the payer started: his own screen, an SMS link from the staff, the billing pages, /entry/order. */
export const ONLINE_PAYMENT_SOURCES = ['student', 'link', 'staff', 'billing', 'entry', 'parent'] as const;
export type OnlinePaymentSource = (typeof ONLINE_PAYMENT_SOURCES)[number];

/** open → paid; open → cancelled (the provider gave up) or expired; paid → refunded (cancelled after paying). */
export const ONLINE_PAYMENT_STATUSES = ['open', 'paid', 'cancelled', 'expired', 'refunded'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

/** The provider's transaction: created → performed → reversed, or created → cancelled. */
export const PROVIDER_TRANSACTION_STATES = ['created', 'performed', 'cancelled', 'reversed'] as const;
export type ProviderTransactionState = (typeof PROVIDER_TRANSACTION_STATES)[number];

const secret = z.string().trim().min(1).max(500);
const plain = z.string().trim().min(1).max(100);

/** A merchant account's credentials, as each provider's cabinet names them. */
export const providerCredentialsSchemas = {
  /** Payme Business: the merchant (kassa) id and the key Payme signs its calls with (Basic "Paycom:{key}"). */
  payme: z.object({ merchant_id: plain, key: secret }),
  /** Click: service id, merchant id and user id of the cabinet, and the secret key of the MD5 sign. */
  click: z.object({ service_id: plain, merchant_id: plain, merchant_user_id: plain, secret_key: secret }),
  /** Midtrans: the server key (Snap API and the notification signature) and the client key of Snap.js. */
  midtrans: z.object({ server_key: secret, client_key: plain }),
} as const satisfies Record<OnlineProvider, z.ZodType>;
export type ProviderCredentials<P extends OnlineProvider> = z.infer<(typeof providerCredentialsSchemas)[P]>;

/** The fields of a provider's credentials that are secrets: answered as "set", never as their value. */
export const SECRET_CREDENTIAL_FIELDS: Record<OnlineProvider, readonly string[]> = {
  payme: ['key'],
  click: ['secret_key'],
  midtrans: ['server_key'],
};

/** A checkout as its payer sees it (the success page, the student's screen). */
export const checkoutSchema = z.object({
  token: z.uuid(),
  purpose: z.enum(ONLINE_PAYMENT_PURPOSES),
  provider: z.enum(ONLINE_PROVIDERS),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  /** Where the payer goes to pay (the provider's checkout page); null once it is no longer open. */
  redirect_url: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** A student's fee paid online: his balance, or a chosen group's month. */
export const feeCheckoutInputSchema = z.object({
  student_id: z.coerce.number().int().positive(),
  group_id: z.coerce.number().int().positive().optional(),
  provider: z.enum(ONLINE_PROVIDERS),
  amount: z.coerce.number().int().positive().max(AMOUNT_MAX),
});
export type FeeCheckoutInput = z.infer<typeof feeCheckoutInputSchema>;

/** The platform's merchant accounts (licences are paid to the platform), platform_settings 'licence_merchants'. */
export const platformMerchantsSchema = z.object({
  payme: providerCredentialsSchemas.payme.nullable().default(null),
  click: providerCredentialsSchemas.click.nullable().default(null),
  midtrans: providerCredentialsSchemas.midtrans.nullable().default(null),
});
export type PlatformMerchants = z.infer<typeof platformMerchantsSchema>;
