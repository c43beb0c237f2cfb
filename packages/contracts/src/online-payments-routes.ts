import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { checkoutParamsSchema } from './licence-routes.js';
import { checkoutSchema, feeCheckoutInputSchema, ONLINE_PAYMENT_SOURCES, ONLINE_PROVIDERS } from './online-payments.js';
import { SMS_TO } from './sms.js';

export * from './online-payments.js';

const tags = ['online-payments'];

/** A centre's merchant account at a provider, as settings show it: secrets only as "set". */
export const providerAccountSchema = z.object({
  provider: z.enum(ONLINE_PROVIDERS),
  /** The provider works in the centre's country. */
  available: z.boolean(),
  configured: z.boolean(),
  enabled: z.boolean(),
  /** Non-secret fields with their values; secret fields with null (see secrets_set). */
  fields: z.record(z.string(), z.string().nullable()),
  secrets_set: z.record(z.string(), z.boolean()),
  /** The address to enter in the provider's cabinet (its callback to this centre). */
  callback_url: z.string(),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

export const providerAccountListSchema = z.object({
  data: z.array(providerAccountSchema),
  policies: z.object({ can_edit: z.boolean() }),
});

/** Secrets left empty keep the stored ones; `enabled` false turns the provider off without forgetting it. */
export const providerAccountInputSchema = z.object({
  enabled: z.boolean(),
  credentials: z.record(z.string(), z.string().trim().max(500)),
});
/** A string, not the enum: an unknown provider is a 404 like any row that is not there. */
export const providerParamsSchema = z.object({ provider: z.string().max(30) });

/** A student's checkout in his list: how it went. */
export const studentCheckoutSchema = checkoutSchema.extend({
  source: z.enum(ONLINE_PAYMENT_SOURCES),
  group_id: z.number().int().nullable(),
});
/** A group the student may pay his fee into, with what a month of it costs him. */
export const studentFeeGroupSchema = z.object({
  group_id: z.number().int(),
  /** The group's title as the finance screens show it (name, else code). */
  name: z.string(),
  /** A month's price in force for him today, minor units: his individual price, else the course's. */
  month_price: z.number().int(),
});
export type StudentFeeGroup = z.infer<typeof studentFeeGroupSchema>;

export const studentCheckoutListSchema = z.object({
  data: z.array(studentCheckoutSchema),
  /** The student's balance, minor units (below zero: a debt), as GET /user/{id}/balance counts it. */
  balance: z.number().int(),
  /** His groups (current ones, and left ones his money is still booked in), in the order of their ids. */
  groups: z.array(studentFeeGroupSchema),
  /** The providers the centre takes fees through (configured and on). */
  providers: z.array(z.enum(ONLINE_PROVIDERS)),
  policies: z.object({ can_pay: z.boolean(), can_send_link: z.boolean() }),
});
export type StudentCheckoutList = z.infer<typeof studentCheckoutListSchema>;

/** A payment link sent by SMS: the same as a checkout, plus to whom. */
export const paymentLinkInputSchema = feeCheckoutInputSchema.extend({ to: z.enum(SMS_TO).default('both') });
export const paymentLinkAnswerSchema = z.object({ checkout: checkoutSchema, url: z.string(), messages: z.number() });

export const onlinePaymentRoutes = {
  listProviderAccounts: defineRoute({
    method: 'GET',
    path: '/online-payments/providers',
    operationId: 'listProviderAccounts',
    summary: 'The centre’s merchant accounts at Payme, Click and Midtrans (secrets never answered).',
    tags,
    access: 'settings',
    query: undefined,
    body: undefined,
    response: providerAccountListSchema,
  }),
  saveProviderAccount: defineRoute({
    method: 'PUT',
    path: '/online-payments/providers/:provider',
    operationId: 'saveProviderAccount',
    summary: 'Sets up, changes or turns off the centre’s account at a provider.',
    tags,
    access: 'settings',
    params: providerParamsSchema,
    query: undefined,
    body: providerAccountInputSchema,
    response: providerAccountSchema,
  }),
  listStudentCheckouts: defineRoute({
    method: 'GET',
    path: '/online-payments/checkouts',
    operationId: 'listStudentCheckouts',
    summary: 'A student’s online payments (the student himself, or staff of his branch).',
    tags,
    access: 'signedIn',
    query: z.object({ student_id: z.coerce.number().int().positive() }),
    body: undefined,
    response: studentCheckoutListSchema,
  }),
  openFeeCheckout: defineRoute({
    method: 'POST',
    path: '/online-payments/checkouts',
    operationId: 'openFeeCheckout',
    summary: 'Opens an online payment of a student’s fee; the answer’s redirect_url is the provider’s page.',
    tags,
    access: 'signedIn',
    query: undefined,
    body: feeCheckoutInputSchema,
    response: checkoutSchema,
  }),
  sendPaymentLink: defineRoute({
    method: 'POST',
    path: '/online-payments/links',
    operationId: 'sendPaymentLink',
    summary: 'Sends the student (or his parent) an SMS with a link to pay online.',
    tags,
    access: { anyOf: ['students', 'finance'] },
    query: undefined,
    body: paymentLinkInputSchema,
    response: paymentLinkAnswerSchema,
  }),
  followPaymentLink: defineRoute({
    method: 'POST',
    path: '/checkouts/:subdomain/:token/pay',
    operationId: 'followPaymentLink',
    summary: 'From a payment link: the provider’s page for the still-open checkout (public: the token is its key).',
    tags,
    access: 'public',
    params: checkoutParamsSchema,
    query: undefined,
    body: undefined,
    response: checkoutSchema,
  }),
};
