import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { idParamsSchema } from './common.js';
import { COUNTRIES } from './countries.js';
import {
  licenceCheckoutInputSchema,
  licenceOrderInputSchema,
  licenceOrderSchema,
  licencePaymentSchema,
  licenceSchema,
  tariffSchema,
} from './licences.js';
import { checkoutSchema, ONLINE_PROVIDERS } from './online-payments.js';

export * from './licences.js';

const tags = ['licence'];

/** What the signed-in user may do about the licence (the UI copies no permission rule). */
export const licencePoliciesSchema = z.object({
  /** Owner and CEO order and pay, unless the host is a white-label partner's (billing hidden there). */
  can_order: z.boolean(),
  /** /billing shows in the menu on this host. */
  billing_visible: z.boolean(),
});

export const licenceAnswerSchema = z.object({ licence: licenceSchema, policies: licencePoliciesSchema });
export type LicenceAnswer = z.infer<typeof licenceAnswerSchema>;

/** The price list a centre chooses from: its country's, in its currency, and the providers it can pay with. */
export const tariffListSchema = z.object({
  country: z.enum(COUNTRIES),
  currency: z.string(),
  tariffs: z.array(tariffSchema),
  /** The providers the platform takes licence money through in this country (configured merchants only). */
  providers: z.array(z.enum(ONLINE_PROVIDERS)),
});
export type TariffList = z.infer<typeof tariffListSchema>;

export const licenceOrderListSchema = z.object({ data: z.array(licenceOrderSchema) });
export const licencePaymentListSchema = z.object({ data: z.array(licencePaymentSchema) });

/** /entry/order and the regional offer pages: the company paid for, as a visitor may see it. */
export const entryOrderInfoSchema = z.object({
  company: z.object({ name: z.string(), subdomain: z.string(), logo: z.string().nullable() }),
  licence: z.object({ ends_on: z.iso.date().nullable(), max_students: z.number().int().nullable() }),
  prices: tariffListSchema,
});
export type EntryOrderInfo = z.infer<typeof entryOrderInfoSchema>;

export const entrySubdomainParamsSchema = z.object({ subdomain: z.string().trim().toLowerCase().min(1).max(63) });

/** A visitor pays for a company: band, period and provider; `website` is the honeypot (people leave it empty). */
export const entryOrderInputSchema = licenceOrderInputSchema.extend({
  provider: z.enum(ONLINE_PROVIDERS),
  /** Who is paying (the sales link carries the owner's login); shown on the success page's address. */
  login: z.string().trim().max(100).optional(),
  /** The regional page the visitor came from, so the provider brings him back there. */
  page: z.enum(['order', 'uz', 'kz', 'id']).default('order'),
  website: z.string().max(200).optional(),
});

export const checkoutParamsSchema = z.object({
  subdomain: z.string().trim().toLowerCase().min(1).max(63),
  token: z.uuid(),
});

/** A checkout's outcome with what it paid for, for the success pages (public: the token is the secret). */
export const checkoutOutcomeSchema = checkoutSchema.extend({
  company: z.object({ name: z.string(), subdomain: z.string() }),
  order: licenceOrderSchema.nullable(),
  /** The student's first name (a fee); nothing more of him on a public page. */
  student_first_name: z.string().nullable(),
});
export type CheckoutOutcome = z.infer<typeof checkoutOutcomeSchema>;

export const licenceRoutes = {
  getLicence: defineRoute({
    method: 'GET',
    path: '/licence',
    operationId: 'getLicence',
    summary: 'The centre’s licence on its today: state, last day, days left, plan and active students.',
    tags,
    licence: 'always',
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: licenceAnswerSchema,
  }),
  listTariffs: defineRoute({
    method: 'GET',
    path: '/licence/tariffs',
    operationId: 'listTariffs',
    summary: 'The platform’s prices for the centre’s country: every band and period, with discounts.',
    tags,
    licence: 'always',
    access: 'billing',
    query: undefined,
    body: undefined,
    response: tariffListSchema,
  }),
  listLicenceOrders: defineRoute({
    method: 'GET',
    path: '/licence/orders',
    operationId: 'listLicenceOrders',
    summary: 'The centre’s licence orders, newest first.',
    tags,
    licence: 'always',
    access: 'billing',
    query: undefined,
    body: undefined,
    response: licenceOrderListSchema,
  }),
  createLicenceOrder: defineRoute({
    method: 'POST',
    path: '/licence/orders',
    operationId: 'createLicenceOrder',
    summary: 'Orders a band and period at today’s price (billing/order); pay online or by invoice.',
    tags,
    licence: 'always',
    access: 'billing',
    query: undefined,
    body: licenceOrderInputSchema,
    response: licenceOrderSchema,
  }),
  payLicenceOrder: defineRoute({
    method: 'POST',
    path: '/licence/orders/:id/checkout',
    operationId: 'payLicenceOrder',
    summary: 'Opens an online payment of a pending order; the answer’s redirect_url is the provider’s page.',
    tags,
    licence: 'always',
    access: 'billing',
    params: idParamsSchema,
    query: undefined,
    body: licenceCheckoutInputSchema,
    response: checkoutSchema,
  }),
  listCompanyPayments: defineRoute({
    method: 'GET',
    path: '/company/:id/payments',
    operationId: 'listCompanyPayments',
    summary: 'The centre’s licence payments (a provider’s reversal is a negative row), newest first.',
    tags,
    licence: 'always',
    access: 'billing',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: licencePaymentListSchema,
  }),
  getEntryOrder: defineRoute({
    method: 'GET',
    path: '/entry/order/:subdomain',
    operationId: 'getEntryOrder',
    summary: 'For a visitor paying for a centre (/entry/order): its name, licence and prices.',
    tags,
    access: 'public',
    params: entrySubdomainParamsSchema,
    query: undefined,
    body: undefined,
    response: entryOrderInfoSchema,
  }),
  createEntryOrder: defineRoute({
    method: 'POST',
    path: '/entry/order/:subdomain',
    operationId: 'createEntryOrder',
    summary: 'A visitor orders and opens the online payment for a centre; rate-limited, with a honeypot.',
    tags,
    access: 'public',
    params: entrySubdomainParamsSchema,
    query: undefined,
    body: entryOrderInputSchema,
    response: checkoutSchema,
  }),
  getEntryTariffs: defineRoute({
    method: 'GET',
    path: '/entry/tariffs/:country',
    operationId: 'getEntryTariffs',
    summary: 'A country’s prices in its currency, for the regional offer pages (no centre named).',
    tags,
    access: 'public',
    params: z.object({ country: z.enum(COUNTRIES) }),
    query: undefined,
    body: undefined,
    response: tariffListSchema,
  }),
  getCheckoutOutcome: defineRoute({
    method: 'GET',
    path: '/checkouts/:subdomain/:token',
    operationId: 'getCheckoutOutcome',
    summary: 'How an online payment ended, for the success pages (the token is its secret).',
    tags,
    access: 'public',
    params: checkoutParamsSchema,
    query: undefined,
    body: undefined,
    response: checkoutOutcomeSchema,
  }),
};
