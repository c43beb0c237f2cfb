import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, listOf } from './common.js';
import { COUNTRIES } from './countries.js';
import { licenceSettingsSchema, tariffSchema } from './licences.js';
import { ONLINE_PROVIDERS, SECRET_CREDENTIAL_FIELDS } from './online-payments.js';

/**
 * The platform console (issue 16): the people who run the service, at `admin.{BASE_DOMAIN}`, with their own
 * accounts and token kind. It sees centres as aggregates (counts, dates, limits), never their people.
 */

/** The first label of the console's host; reserved for sign-up (sign-up.ts RESERVED_SUBDOMAINS). */
export const CONSOLE_SUBDOMAIN = 'admin';

/** A new centre's trial licence in days (platform setting `trial_days`), and its bounds. */
export const TRIAL_DAYS_DEFAULT = 14;
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 90;

/** The keys of platform_settings the console edits. */
export const PLATFORM_SETTING_KEYS = {
  trialDays: 'trial_days',
  supportChat: 'support_chat',
  licence: 'licence',
  licenceMerchants: 'licence_merchants',
} as const;

export const CONSOLE_NOTE_MAX = 300;
export const SMS_MONTHLY_LIMIT_MAX = 1_000_000;
/** A manual extension in days: up to five years at once. */
export const LICENCE_EXTEND_DAYS_MAX = 5 * 366;

/* ------------------------------------------------------------------ log-in */

export const consoleLoginSchema = z.object({
  login: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(200),
  /** The authenticator app's current 6-digit code (RFC 6238). */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
});
export type ConsoleLogin = z.input<typeof consoleLoginSchema>;

export const consoleAccountSchema = z.object({ id: z.number().int(), login: z.string(), name: z.string() });
export type ConsoleAccount = z.infer<typeof consoleAccountSchema>;

export const consoleSessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  account: consoleAccountSchema,
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

/* ------------------------------------------------------------------ companies */

export const consoleCompanyQuerySchema = z.object({
  /** Part of a centre's name or subdomain. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleCompanyQuery = z.input<typeof consoleCompanyQuerySchema>;

/** One centre as the console sees it: figures only, never a name or phone of its people. */
export const consoleCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  /** The plan: the most students active at once (datas.tariff_student_limit); null: no limit. */
  plan_student_limit: z.number().int().nullable(),
  licence_ends_on: z.string().nullable(),
  /** Days from the centre's today to the licence's last day (negative: expired); null without an end. */
  licence_days_left: z.number().int().nullable(),
  /** Students with an active place in a running group (the dashboard's "active"); not archived. */
  students_active: z.number().int(),
  /** SMS parts through the shared sender this month (the centre's month) and its monthly limit. */
  sms_used: z.number().int(),
  sms_monthly_limit: z.number().int(),
  /** The latest log-in or history event; null: none yet. */
  last_activity_at: z.string().nullable(),
  disabled: z.boolean(),
  created_at: z.string(),
  policies: z.object({ can_disable: z.boolean(), can_enable: z.boolean() }),
});
export type ConsoleCompany = z.infer<typeof consoleCompanySchema>;

export const consoleCompanyListSchema = listOf(consoleCompanySchema);
export type ConsoleCompanyList = z.infer<typeof consoleCompanyListSchema>;

export const consoleCompanyParamsSchema = z.object({ id: idSchema });

const noteSchema = z.string().trim().max(CONSOLE_NOTE_MAX);

export const consoleCompanyStatusSchema = z.object({ note: noteSchema.optional() });
export type ConsoleCompanyStatus = z.input<typeof consoleCompanyStatusSchema>;

/**
 * A licence extended by hand (a bank transfer): by a number of days (from its end, or from today when it has
 * run out) or to a date; the note (e.g. "bank transfer 12 of 2025-03-01") is required.
 */
export const consoleLicenceSchema = z
  .object({
    days: z.number().int().min(1).max(LICENCE_EXTEND_DAYS_MAX).optional(),
    until: isoDateSchema.optional(),
    note: noteSchema.min(1),
  })
  .refine((v) => (v.days === undefined) !== (v.until === undefined), {
    message: 'give either days or until',
    path: ['days'],
  });
export type ConsoleLicence = z.input<typeof consoleLicenceSchema>;

export const consoleSmsLimitSchema = z.object({
  monthly_limit: z.number().int().min(0).max(SMS_MONTHLY_LIMIT_MAX),
  note: noteSchema.optional(),
});
export type ConsoleSmsLimit = z.input<typeof consoleSmsLimitSchema>;

/* ------------------------------------------------------------------ settings */

/** Chatwoot's website widget: the installation's address and the inbox's website token. */
export const supportChatSchema = z.object({
  /** http(s) only, stored without a trailing slash (the widget's script is `${base_url}/packs/js/sdk.js`). */
  base_url: z.url({ protocol: /^https?$/ }).max(200),
  website_token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, - and _ (8 to 64)'),
});
export type SupportChat = z.infer<typeof supportChatSchema>;

export const platformSettingsSchema = z.object({
  trial_days: z.number().int().min(TRIAL_DAYS_MIN).max(TRIAL_DAYS_MAX),
  /** null: no support chat on the centres' pages. */
  support_chat: supportChatSchema.nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** GET /platform/support-chat: the widget's settings, or null when none is configured. */
export const supportChatAnswerSchema = supportChatSchema.nullable();
export type SupportChatAnswer = z.infer<typeof supportChatAnswerSchema>;

/* ------------------------------------------------------------------ audit */

export const CONSOLE_ACTIONS = [
  'login',
  'login_failed',
  'login_throttled',
  'logout',
  'company_disabled',
  'company_enabled',
  'licence_extended',
  'sms_limit_changed',
  'settings_changed',
  'tariff_set',
  'tariff_deleted',
  'licence_settings_changed',
  'merchant_changed',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

export const consoleAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  /** Only the actions on one centre. */
  company_id: idSchema.optional(),
});
export type ConsoleAuditQuery = z.input<typeof consoleAuditQuerySchema>;

export const consoleAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(CONSOLE_ACTIONS),
  account: consoleAccountSchema.nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), subdomain: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type ConsoleAuditEntry = z.infer<typeof consoleAuditEntrySchema>;

export const consoleAuditListSchema = listOf(consoleAuditEntrySchema);
export type ConsoleAuditList = z.infer<typeof consoleAuditListSchema>;

/* ------------------------------------------------------------------ price list and licences (issue 17) */

export const consoleTariffQuerySchema = z.object({ country: z.enum(COUNTRIES) });
export type ConsoleTariffQuery = z.input<typeof consoleTariffQuerySchema>;

/** One country's price list; `currency` is the country's, so an empty list still says what it would be in. */
export const consoleTariffListSchema = z.object({
  country: z.enum(COUNTRIES),
  currency: z.string(),
  data: z.array(tariffSchema),
});
export type ConsoleTariffList = z.infer<typeof consoleTariffListSchema>;

/** A host name as a browser sends it, without scheme, port or path: `crm.partner.uz`. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** PUT /console/licence-settings: the stored shape, each hidden host checked to be a host name. */
export const consoleLicenceSettingsInputSchema = licenceSettingsSchema.extend({
  billing_hidden_hosts: z
    .array(z.string().trim().toLowerCase().max(253).regex(HOST_NAME, 'a host name, e.g. crm.partner.uz'))
    .max(100),
});
export type ConsoleLicenceSettingsInput = z.input<typeof consoleLicenceSettingsInputSchema>;

export const consoleMerchantParamsSchema = z.object({ provider: z.enum(ONLINE_PROVIDERS) });

/**
 * The platform's account at one provider as the console sees it: the plain fields as stored, and of each
 * secret only whether it is stored. A secret's value is never answered, not even to the console.
 */
export const consoleMerchantSchema = z
  .object({
    provider: z.enum(ONLINE_PROVIDERS),
    configured: z.boolean(),
    fields: z.record(z.string(), z.string()),
    secrets_set: z.record(z.string(), z.boolean()),
  })
  // An allow-list's last line: an answer that carries a secret among the plain fields is not sent at all.
  .refine((m) => !Object.keys(m.fields).some((f) => SECRET_CREDENTIAL_FIELDS[m.provider].includes(f)), {
    message: 'a secret among the plain fields',
  });
export type ConsoleMerchant = z.infer<typeof consoleMerchantSchema>;

export const consoleMerchantListSchema = z.object({ data: z.array(consoleMerchantSchema) });
export type ConsoleMerchantList = z.infer<typeof consoleMerchantListSchema>;

/**
 * PUT /console/merchants/{provider}: the account's fields by the provider's names (contracts
 * providerCredentialsSchemas), or null to remove the account. A secret left out or empty keeps the stored one.
 */
export const consoleMerchantInputSchema = z.object({
  credentials: z.record(z.string(), z.string().trim().max(500)).nullable(),
});
export type ConsoleMerchantInput = z.input<typeof consoleMerchantInputSchema>;
