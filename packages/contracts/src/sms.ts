import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, listOf, pageQuerySchema } from './common.js';

export * from './sms-text.js';

/** Spec §4 SMS delivery states (our spelling of "not delivered, delivered, accepted, failed, rejected, stored, error"). */
export const SMS_STATES = ['stored', 'accepted', 'delivered', 'not_delivered', 'failed', 'rejected', 'error'] as const;
export type SmsState = (typeof SMS_STATES)[number];
/** States after which a message's state no longer changes (polling stops). */
export const FINAL_SMS_STATES: readonly SmsState[] = ['delivered', 'not_delivered', 'failed', 'rejected', 'error'];

/** Spec §9 automatic SMS rules. */
export const AUTO_SMS_RULES = [
  'advance_payment',
  'debtor',
  'balance_not_enough',
  'birthday',
  'payment_done',
  'activation',
] as const;
export type AutoSmsRule = (typeof AUTO_SMS_RULES)[number];
/** When a rule sends: at 9:00 in the company's time zone, or on the event itself. */
export const AUTO_SMS_TIMING: Record<AutoSmsRule, 'daily' | 'on_payment' | 'on_activation'> = {
  advance_payment: 'daily',
  debtor: 'daily',
  balance_not_enough: 'daily',
  birthday: 'daily',
  payment_done: 'on_payment',
  activation: 'on_activation',
};
/** Spec §9: the daily rules go out at 9:00 company time. */
export const AUTO_SMS_HOUR = 9;
/** Spec §9: the advance-payment notice, by default 3 days before the paid period ends. */
export const ADVANCE_NOTICE_DAYS = 3;

export const SMS_RECIPIENTS = ['student', 'parent', 'lead', 'staff'] as const;
export type SmsRecipient = (typeof SMS_RECIPIENTS)[number];
export const SMS_PROVIDERS = ['eskiz', 'playmobile'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export const SMS_TEXT_MAX = 1_000;
/** Most students one manual SMS may reach (one statement inserts them all). */
export const SMS_AUDIENCE_MAX = 5_000;

const smsText = z.string().trim().min(1).max(SMS_TEXT_MAX);
const named = z.object({ id: z.number().int(), name: z.string() });

/** Who a manual SMS goes to (spec §2: profile, group, debtors list, a filtered student list, a lead). */
export const smsAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('students'), student_ids: z.array(idSchema).min(1).max(SMS_AUDIENCE_MAX) }),
  z.object({ kind: z.literal('group'), group_id: idSchema }),
  z.object({ kind: z.literal('debtors') }),
  z.object({ kind: z.literal('lead'), lead_id: idSchema }),
]);
export type SmsAudience = z.infer<typeof smsAudienceSchema>;

/** To a student's own phone, his parent's, or both (a lead has one phone: `to` is ignored). */
export const SMS_TO = ['student', 'parent', 'both'] as const;

export const smsSendSchema = z.object({
  audience: smsAudienceSchema,
  to: z.enum(SMS_TO).default('student'),
  text: smsText,
  template_id: idSchema.optional(),
  /** The branch the list was drawn in (spec §7 branch_id); the debtors audience is this branch's. */
  branch_id: idSchema.optional(),
});
export type SmsSend = z.infer<typeof smsSendSchema>;

export const smsPreviewItemSchema = z.object({
  name: z.string(),
  phone: z.string(),
  recipient: z.enum(SMS_RECIPIENTS),
  text: z.string(),
  parts: z.number().int(),
});

/** What a send would do: how many SMS and parts, a few rendered examples, and who is left out and why. */
export const smsPreviewSchema = z.object({
  messages: z.number().int(),
  parts: z.number().int(),
  sample: z.array(smsPreviewItemSchema),
  skipped: z.object({ no_phone: z.number().int(), archived: z.number().int(), not_own: z.number().int() }),
});
export type SmsPreview = z.infer<typeof smsPreviewSchema>;

export const smsSentSchema = smsPreviewSchema.omit({ sample: true });

export const smsMessageSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  state: z.enum(SMS_STATES),
  state_at: z.string().nullable(),
  phone: z.string(),
  recipient: z.enum(SMS_RECIPIENTS),
  person: named.nullable(),
  lead: named.nullable(),
  text: z.string(),
  parts: z.number().int(),
  alphabet: z.enum(['gsm7', 'ucs2']),
  kind: z.enum(['manual', 'auto']),
  rule: z.enum(AUTO_SMS_RULES).nullable(),
  sender: z.string().nullable(),
  author: named.nullable(),
  error: z.string().nullable(),
  /** Issue 24: an automatic message to someone who linked the bot goes by Telegram, at no SMS cost. */
  delivered_by: z.enum(['sms', 'telegram']),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** The month's use of the shared sender against the limit (spec §8 limit and bonus). */
export const smsUsageSchema = z.object({
  month_parts: z.number().int(),
  monthly_limit: z.number().int(),
  bonus_left: z.number().int(),
  /** The company sends through its own operator: no limit applies. */
  own_operator: z.boolean(),
  month_cost_parts: z.number().int(),
  /** This server has no SMS operator (SMS_PROVIDER=log): the shared sender's messages reach no phone. */
  log_only: z.boolean().default(false),
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;

export const smsLogQuerySchema = pageQuerySchema.extend({
  date_from: isoDateSchema.optional(),
  date_to: isoDateSchema.optional(),
  state: z.enum(SMS_STATES).optional(),
  kind: z.enum(['manual', 'auto']).optional(),
  /** A name or phone of the recipient. */
  search: z.string().trim().max(100).optional(),
  branch_id: idSchema.optional(),
});
export const smsLogSchema = listOf(smsMessageSchema).extend({ usage: smsUsageSchema });
export type SmsLog = z.infer<typeof smsLogSchema>;
export const smsHistorySchema = listOf(smsMessageSchema);

// ---------------------------------------------------------------- templates

export const smsTemplateInputSchema = z.object({ title: z.string().trim().min(1).max(100), text: smsText });
export const smsTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  updated_at: z.string(),
  policies: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;
export const smsTemplatesSchema = z.object({
  data: z.array(smsTemplateSchema),
  policies: z.object({ create: z.boolean() }),
});

// ---------------------------------------------------------------- automatic SMS

export const autoSmsRuleSchema = z.object({
  rule: z.enum(AUTO_SMS_RULES),
  timing: z.enum(['daily', 'on_payment', 'on_activation']),
  enabled: z.boolean(),
  sender: z.string().nullable(),
  days: z.number().int(),
  text: z.string(),
  policies: z.object({ edit: z.boolean() }),
});
export type AutoSmsRuleSettings = z.infer<typeof autoSmsRuleSchema>;
export const autoSmsRulesSchema = z.object({ data: z.array(autoSmsRuleSchema), send_hour: z.number().int() });
/** A rule by name; a name that is none of spec §9's is answered 404 like a missing row. */
export const autoSmsRuleParamsSchema = z.object({ rule: z.string().max(40) });
export const isAutoSmsRule = (name: string): name is AutoSmsRule =>
  (AUTO_SMS_RULES as readonly string[]).includes(name);
export const autoSmsRuleUpdateSchema = z.object({
  enabled: z.boolean(),
  sender: z.string().trim().max(11).nullable().optional(),
  days: z.number().int().min(1).max(30).optional(),
  text: smsText,
});
export const autoSmsPreviewSchema = z.object({
  date: z.string(),
  total: z.number().int(),
  data: z.array(smsPreviewItemSchema),
});
export type AutoSmsPreview = z.infer<typeof autoSmsPreviewSchema>;

// ---------------------------------------------------------------- the company's SMS settings

export const smsSettingsSchema = z.object({
  sender: z.string().nullable(),
  teachers_may_send: z.boolean(),
  own_provider: z.enum(SMS_PROVIDERS).nullable(),
  usage: smsUsageSchema,
  policies: z.object({ edit: z.boolean() }),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

/** A company's own operator account (spec §8 "connect own SMS operator"); never answered back. */
export const smsOwnProviderSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('eskiz'),
    email: z.string().trim().min(3).max(200),
    password: z.string().min(1).max(200),
  }),
  z.object({
    provider: z.literal('playmobile'),
    username: z.string().trim().min(1).max(200),
    password: z.string().min(1).max(200),
    originator: z.string().trim().min(1).max(11),
  }),
]);
export type SmsOwnProvider = z.infer<typeof smsOwnProviderSchema>;

export const smsSettingsUpdateSchema = z
  .object({
    sender: z.string().trim().max(11).nullable().optional(),
    teachers_may_send: z.boolean().optional(),
    /** null disconnects the company's own operator (back to the shared sender). */
    own_provider: smsOwnProviderSchema.nullable().optional(),
  })
  .strict();

export const userSmsHistoryParamsSchema = z.object({ id: idSchema });
export const smsTemplateParamsSchema = z.object({ id: idSchema });
export const smsCallbackParamsSchema = z.object({ company_id: idSchema, secret: z.string().min(16).max(128) });
