import { z } from 'zod';
import { lessonsPerMonthSchema, studentPaymentModeSchema } from './billing.js';
import { COUNTRIES, countryRules } from './countries.js';
import { zonedDateTime } from './dates.js';
import { LANGUAGES, THEMES } from './locale.js';
import { onboardingStoredSchema } from './onboarding.js';

export const COMPANY_TYPES = ['training_center', 'kindergarten'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** datas.workly as stored: what the Workly adapter authenticates with, and when it was saved. */
export const worklyStoredCredentialsSchema = z.object({
  client_id: z.string(),
  client_secret: z.string(),
  username: z.string(),
  password: z.string(),
  connected_at: z.string(),
});
export type WorklyStoredCredentials = z.infer<typeof worklyStoredCredentialsSchema>;

/**
 * Spec §3 Company.datas. The named settings are validated; later modules add
 * their switches (salary, exam, teacher, schedule) here.
 */
export const companyDatasSchema = z.object({
  company_type: z.enum(COMPANY_TYPES).default('training_center'),
  country: z.enum(COUNTRIES).default('uz'),
  locale: z.enum(LANGUAGES).default('uz'),
  theme_color: z.enum(THEMES as [string, ...string[]]).default('light.orange'),
  scoring_module_is_enabled: z.enum(['0', '1']).default('0'),
  gamification: z.boolean().default(false),
  facebook_pixel: z.string().nullable().default(null),
  onlinepbx: z
    .object({
      domain: z.string(),
      users: z.record(z.string(), z.string()).default({}),
      branches: z.array(z.number()).default([]),
    })
    .nullable()
    .default(null),
  is_onlinepbx_branch_specific: z.boolean().default(false),
  onlinepbx_country_code: z.string().nullable().default(null),
  student_payment_mode: z.string().nullable().default(null),
  lessons_per_month_status: z.string().nullable().default(null),
  lesson_start_time_step_five_minutes: z.boolean().default(true),
  onboarded: z.boolean().default(false),
  /** Spec §6, §8: a teacher may mark attendance only during the lesson. */
  teacher_attendance_only_during_lesson: z.boolean().default(false),
  /** Spec §9 platform tariffs (0-100, 100-300, 300-1000 students): the most students active at once; null: no limit. */
  tariff_student_limit: z.number().int().positive().nullable().default(null),
  /** An IANA time zone; null: the country's (COUNTRY_RULES.timeZone). */
  time_zone: z.string().nullable().default(null),
  /**
   * The Workly (time tracking) API credentials of the company (spec §3 "integration credentials"). Read only
   * by the Workly module and never answered to the web (companyPublicSchema leaves them out). A stored value
   * that no longer reads is treated as "not connected" rather than failing every read of the company.
   */
  workly: worklyStoredCredentialsSchema.nullable().default(null).catch(null),
  /** The onboarding wizard's progress (onboarding.ts); `onboarded` says whether it is over. */
  onboarding: onboardingStoredSchema.default({ steps: {}, created: {} }).catch({ steps: {}, created: {} }),
});
export type CompanyDatas = z.infer<typeof companyDatasSchema>;

/** Spec §2: the company shared info the log-in page reads by subdomain. */
export const companySharedInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  logo: z.string().nullable(),
  start_of_working_day: z.string(),
  end_of_working_day: z.string(),
  company_type: z.enum(COMPANY_TYPES),
  country: z.enum(COUNTRIES),
  locale: z.enum(LANGUAGES),
  theme_color: z.string(),
});
export type CompanySharedInfo = z.infer<typeof companySharedInfoSchema>;

/** What a signed-in user learns of his company (no credentials of integrations). */
export const companyPublicSchema = companySharedInfoSchema.extend({
  phone: z.string().nullable(),
  datas: z.object({
    company_type: z.enum(COMPANY_TYPES),
    country: z.enum(COUNTRIES),
    locale: z.enum(LANGUAGES),
    theme_color: z.string(),
    scoring_module_is_enabled: z.enum(['0', '1']),
    gamification: z.boolean(),
    lesson_start_time_step_five_minutes: z.boolean(),
    onboarded: z.boolean(),
    // Optional only because a session stored in the browser before these settings
    // existed lacks them; the API always sends both.
    teacher_attendance_only_during_lesson: z.boolean().optional(),
    /** The company's own IANA time zone; null: its country's (COUNTRY_RULES.timeZone). */
    time_zone: z.string().nullable().optional(),
    student_payment_mode: studentPaymentModeSchema.optional(),
    lessons_per_month_status: lessonsPerMonthSchema.optional(),
  }),
});
export type CompanyPublic = z.infer<typeof companyPublicSchema>;

/**
 * The canonical name of an IANA time zone (`asia/tashkent` → `Asia/Tashkent`), or null
 * when it is none. Offsets such as `+05:00` are refused: lesson times follow a place's
 * rules, summer time included, not a fixed offset.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TIME_ZONE_MAX = 64;

const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const hourMinuteSchema = z.string().regex(HOUR_MINUTE);

/**
 * PUT /company/{id}/datas: the settings page (spec §2 settings, §3 Company, §5, §8, §9). Only what is given
 * changes; other keys of datas stay. Logo and backgrounds are uploaded on their own calls (company-routes.ts).
 */
export const companySettingsUpdateSchema = z
  .object({
    name: z.string().trim().min(2).max(100).optional(),
    phone: z.string().trim().max(20).nullable().optional(),
    about: z.string().trim().max(2000).nullable().optional(),
    /** Spec §3 "lead about": shown above the public lead form. */
    lead_about: z.string().trim().max(2000).nullable().optional(),
    theme_color: z.enum(THEMES as [string, ...string[]]).optional(),
    /** Used on the public pages (lead form, landing pages); digits only, as Facebook gives it. */
    facebook_pixel: z
      .string()
      .trim()
      .regex(/^\d{5,20}$/)
      .nullable()
      .optional(),
    start_of_working_day: hourMinuteSchema.optional(),
    end_of_working_day: hourMinuteSchema.optional(),
    locale: z.enum(LANGUAGES).optional(),
    company_type: z.enum(COMPANY_TYPES).optional(),
    /** Kept pictures of the log-in page, in order: only ones uploaded before (removing or reordering). */
    backgrounds: z.array(z.string().max(300)).max(5).optional(),
    teacher_attendance_only_during_lesson: z.boolean().optional(),
    lesson_start_time_step_five_minutes: z.boolean().optional(),
    /** An IANA time zone; null: the country's. Checked by canonicalTimeZone on the server. */
    time_zone: z.string().trim().min(1).max(TIME_ZONE_MAX).nullable().optional(),
    /** Spec §9; applies to billing units not yet charged (docs/billing.md). */
    student_payment_mode: studentPaymentModeSchema.optional(),
    lessons_per_month_status: lessonsPerMonthSchema.optional(),
  })
  .strict()
  .refine((v) => !v.start_of_working_day || !v.end_of_working_day || v.start_of_working_day < v.end_of_working_day, {
    path: ['end_of_working_day'],
    message: 'end_before_start',
  });
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable().optional(),
  start_of_working_day: z.string().nullable().optional(),
  end_of_working_day: z.string().nullable().optional(),
  landmark: z.string().nullable().optional(),
  /** Set on archived branches (GET /branch/all only; GET /branch lists working ones). */
  archived_at: z.string().nullable().optional(),
});
export type Branch = z.infer<typeof branchSchema>;

/**
 * GET /company/byid/{id}: everything the settings page edits (spec §3 Company), with what the caller may do.
 * Integration credentials are never answered; their own cards say whether they are connected.
 */
export const companySettingsSchema = companyPublicSchema.extend({
  about: z.string().nullable(),
  lead_about: z.string().nullable(),
  backgrounds: z.array(z.string()),
  facebook_pixel: z.string().nullable(),
  telegram_report_id: z.string().nullable(),
  licence_ends_on: z.string().nullable(),
  policies: z.object({ can_edit: z.boolean() }),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** Pictures a centre may upload (logo, backgrounds): kinds and largest size before resizing. */
export const COMPANY_IMAGE = {
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
  maxBytes: 5 * 1024 * 1024,
  /** Resized on the server to fit these boxes (the logo square, a background wide). */
  logoPixels: 512,
  backgroundPixels: 1920,
} as const;

/** The company's IANA time zone: its own setting, else its country's. */
export const companyTimeZone = (datas: { time_zone?: string | null; country: string }): string =>
  datas.time_zone ?? countryRules(datas.country).timeZone;

/**
 * The company's calendar day at the instant `at`. "Today" is the company's, not the browser's or the
 * server's: a payment taken at 00:30 in Tashkent is dated that day even when the machine's clock says UTC.
 */
export const companyDay = (datas: { time_zone?: string | null; country: string }, at: Date = new Date()): string =>
  zonedDateTime(at, companyTimeZone(datas)).date;
