import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema } from './common.js';

/**
 * Telephony through OnlinePBX (spec §2 call, admin/voip, the call modal and widget; §3 datas.onlinepbx; §4 call
 * states and types; §6 "calling needs the user's id mapped to a telephony extension"; §7 "Telephony provider";
 * §8 its toasts; §9 ICE timeout and one week of history; issue 22).
 */

/** Spec §4: the widget's states. */
export const CALL_STATES = ['idle', 'calling', 'ringing', 'speaking'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** Spec §4: call types in logs. */
export const CALL_TYPES = ['outbound', 'inbound', 'missed', 'not_answered'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** Spec §9: ICE gathering is cut after this long; the call goes out with the candidates found. */
export const CALL_ICE_TIMEOUT_MS = 8000;
/** Spec §9: the call log shows one week. */
export const CALL_HISTORY_DAYS = 7;
/** Spec §8: how long the telephony toasts stay. */
export const TELEPHONY_TOAST_MS = { accessDenied: 2000, callFailed: 3000 } as const;
/** Spec §7: numbers without a company country code are formatted with this one. */
export const DEFAULT_CALL_COUNTRY_CODE = '998';

/** An OnlinePBX domain as its cabinet shows it (`pbx12345.onpbx.ru`), without a scheme or a path. */
export const PBX_DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A country calling code without its '+' (`998`). */
const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/)
  .transform((code) => code.replace(/^\+/, ''));

export const voipAccountInputSchema = z.object({
  /** The branch this account calls for; null: the company's one account. */
  branch_id: idSchema.nullable(),
  domain: z.string().trim().toLowerCase().max(253).regex(PBX_DOMAIN),
  /** The API key; null keeps the one stored (the key is never sent back to the browser). */
  key: z.string().trim().min(8).max(200).nullable(),
});
export type VoipAccountInput = z.input<typeof voipAccountInputSchema>;

export const voipSettingsInputSchema = z.object({
  /** Spec §3 onlinepbx_country_code: the calling code numbers are dialled and matched with; null: 998. */
  country_code: countryCodeSchema.nullable(),
  /** Spec §3 is_onlinepbx_branch_specific: one account per branch instead of one for the company. */
  branch_specific: z.boolean(),
  accounts: z.array(voipAccountInputSchema).max(100),
});
export type VoipSettingsInput = z.input<typeof voipSettingsInputSchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const voipAccountSchema = z.object({
  id: z.number().int(),
  branch: ref.nullable(),
  domain: z.string(),
  /** When the key was last accepted by auth.json. */
  checked_at: z.string(),
});
export type VoipAccount = z.infer<typeof voipAccountSchema>;

export const voipUserSchema = z.object({
  user: ref,
  account_id: z.number().int(),
  extension: z.string(),
});
export type VoipUser = z.infer<typeof voipUserSchema>;

export const voipSettingsSchema = z.object({
  country_code: z.string().nullable(),
  branch_specific: z.boolean(),
  accounts: z.array(voipAccountSchema),
  users: z.array(voipUserSchema),
});
export type VoipSettings = z.infer<typeof voipSettingsSchema>;

/** Spec §7 user/get.json: an extension of the account (webrtc: whether it may call from a browser). */
export const voipExtensionSchema = z.object({ num: z.string(), name: z.string(), webrtc: z.boolean() });
export type VoipExtension = z.infer<typeof voipExtensionSchema>;
export const voipExtensionsSchema = z.object({ data: z.array(voipExtensionSchema) });

export const EXTENSION = /^\d{1,8}$/;
export const voipUsersInputSchema = z.object({
  users: z
    .array(z.object({ user_id: idSchema, account_id: idSchema, extension: z.string().trim().regex(EXTENSION) }))
    .max(1000),
});
export type VoipUsersInput = z.input<typeof voipUsersInputSchema>;

/** What the browser needs to open its SIP session: only the caller's own extension, and only when mapped. */
export const voipMeSchema = z.object({
  /** The company (or the caller's branch) has an account. */
  configured: z.boolean(),
  country_code: z.string(),
  sip: z
    .object({
      /** wss://… of the provider's SIP over WebSocket. */
      ws_url: z.string(),
      /** sip:{extension}@{domain} */
      uri: z.string(),
      extension: z.string(),
      password: z.string(),
      display_name: z.string(),
    })
    .nullable(),
});
export type VoipMe = z.infer<typeof voipMeSchema>;

/** Spec §3 "Phone profile search result: id, role, name"; role `lead` for a lead of the board. */
export const PHONE_MATCH_ROLES = ['student', 'teacher', 'staff', 'lead'] as const;
export type PhoneMatchRole = (typeof PHONE_MATCH_ROLES)[number];
export const phoneMatchSchema = z.object({
  id: z.number().int(),
  role: z.enum(PHONE_MATCH_ROLES),
  name: z.string(),
});
export type PhoneMatch = z.infer<typeof phoneMatchSchema>;

export const callHistoryQuerySchema = z.object({
  /** Company days; at most CALL_HISTORY_DAYS of them (default: the last week). */
  from: isoDateSchema.optional(),
  till: isoDateSchema.optional(),
  /** One person's or lead's calls (a profile's tab): his number, as stored. */
  phone: z.string().trim().max(20).optional(),
  branch_id: idSchema.optional(),
});
export type CallHistoryQuery = z.input<typeof callHistoryQuerySchema>;

export const callRecordSchema = z.object({
  uuid: z.string(),
  type: z.enum(CALL_TYPES),
  /** The other party's number as spec §7 formats it (a 12-digit number with '+'). */
  number: z.string(),
  /** The staff member's extension. */
  extension: z.string().nullable(),
  /** Spec §3 call history item start_stamp (Unix seconds), and the same as an instant. */
  start_stamp: z.number().int(),
  started_at: z.string(),
  duration: z.number().int(),
  talk_seconds: z.number().int(),
  has_record: z.boolean(),
  /** Who the number belongs to: a lead or a person of the company. */
  match: phoneMatchSchema.nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;
export const callHistorySchema = z.object({
  data: z.array(callRecordSchema),
  /** The account answered (false: the provider failed; spec §8 "call history failure: empty history"). */
  reachable: z.boolean(),
});
export type CallHistory = z.infer<typeof callHistorySchema>;

/**
 * GET /call/record/{uuid}: a call's recording as audio, streamed through the API with the caller's rights (area
 * `call`; the page fetches it with its token and plays the bytes). Outside the route table: its answer is a
 * stream, not JSON.
 */
export const CALL_RECORD_PATH = '/call/record/:uuid';
export const callRecordParamsSchema = z.object({ uuid: z.string().regex(/^[0-9a-zA-Z-]{8,64}$/) });

export const callTransferInputSchema = z.object({
  call_id: z.string().trim().min(1).max(100),
  destination: z.string().trim().regex(EXTENSION),
});

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * Spec §7: the numbers the history is searched with for one phone — with the company's country code (or 998)
 * and bare — so a call logged either way is found.
 */
export function callNumberVariants(phone: string, countryCode: string | null): string[] {
  const code = digitsOf(countryCode ?? '') || DEFAULT_CALL_COUNTRY_CODE;
  const digits = digitsOf(phone);
  const bare = digits.startsWith(code) && digits.length > code.length + 6 ? digits.slice(code.length) : digits;
  return [...new Set([`${code}${bare}`, bare])];
}

/** Spec §7: a number as the log shows it — a 12-digit one (country code and number) gets '+'. */
export function displayCallNumber(number: string): string {
  const digits = digitsOf(number);
  return digits.length === 12 ? `+${digits}` : number.trim();
}

/** Spec §4: a log entry's type from the provider's direction and whether anybody talked. */
export function callTypeOf(direction: string, talkSeconds: number): CallType {
  if (direction === 'outbound') return talkSeconds > 0 ? 'outbound' : 'not_answered';
  return talkSeconds > 0 ? 'inbound' : 'missed';
}
