import { z } from 'zod';
import { COMPANY_TYPES } from './company.js';
import { COUNTRIES } from './countries.js';
import { LANGUAGES } from './locale.js';
import { PASSWORD_MIN } from './users.js';

/** Subdomains the service keeps for itself (its own hosts and names a visitor would take for them). */
export const RESERVED_SUBDOMAINS = [
  'admin',
  'api',
  'app',
  'auth',
  'billing',
  'blog',
  'cdn',
  'console',
  'dashboard',
  'docs',
  'help',
  'mail',
  'platform',
  'smtp',
  'static',
  'status',
  'support',
  'www',
] as const;

export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 30;
/** Latin letters, digits and inner hyphens (a DNS label); lower case as stored. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export type SubdomainProblem = 'malformed' | 'reserved' | 'taken';

/** Why a subdomain cannot be a new centre's, before the database is asked (null: it may be). */
export function subdomainFormProblem(value: string): Exclude<SubdomainProblem, 'taken'> | null {
  if (value.length < SUBDOMAIN_MIN || value.length > SUBDOMAIN_MAX || !SUBDOMAIN_PATTERN.test(value))
    return 'malformed';
  if (value.includes('--')) return 'malformed';
  return (RESERVED_SUBDOMAINS as readonly string[]).includes(value) ? 'reserved' : null;
}

export const subdomainSchema = z.string().trim().toLowerCase().min(SUBDOMAIN_MIN).max(SUBDOMAIN_MAX);

/** One-time codes (sign-up and password recovery): 6 digits, 10 minutes, 5 tries, a new one after 60 s. */
export const VERIFICATION_CODE = { digits: 6, validSeconds: 600, attempts: 5, resendSeconds: 60 } as const;
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** GET /auth/register/subdomain?subdomain=: the live check of the sign-up form. */
export const subdomainCheckQuerySchema = z.object({ subdomain: z.string().trim().toLowerCase().max(63) });
export const subdomainCheckSchema = z.object({
  subdomain: z.string(),
  /** The service's base domain: the centre would be at `{subdomain}.{base_domain}`. */
  base_domain: z.string(),
  available: z.boolean(),
  problem: z.enum(['malformed', 'reserved', 'taken']).nullable(),
});
export type SubdomainCheck = z.infer<typeof subdomainCheckSchema>;

/** POST /auth/register: the sign-up form; nothing is created until the phone's code comes back. */
export const signUpFormSchema = z.object({
  company_name: z.string().trim().min(2).max(100),
  subdomain: subdomainSchema,
  company_type: z.enum(COMPANY_TYPES),
  country: z.enum(COUNTRIES),
  owner_name: z.string().trim().min(2).max(100),
  phone: z.string().trim().min(7).max(20),
  password: z.string().min(PASSWORD_MIN).max(200),
  /** The interface language the owner signed up in: the centre's language (else its country's). */
  language: z.enum(LANGUAGES).optional(),
  /** The form's invisible field: people leave it empty, form-filling robots do not. */
  website: z.string().max(200).optional(),
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** A code on its way: where it went (masked) and when another may be asked for. */
export const codeSentSchema = z.object({
  request_id: z.string().uuid(),
  phone_masked: z.string(),
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const signUpResendSchema = z.object({ request_id: z.string().uuid() });
export const signUpConfirmSchema = z.object({ request_id: z.string().uuid(), code: verificationCodeSchema });

/**
 * The centre exists. The browser is on another host than the centre's, so it does not get the session itself:
 * it opens `{subdomain}` with `handoff` (valid two minutes), which that host exchanges for the session
 * (POST /auth/handoff) — a long-lived token never appears in an address.
 */
export const signUpDoneSchema = z.object({
  company_id: z.number().int(),
  subdomain: z.string(),
  /** The centre's host (`nur.crm.example`): the browser adds its own protocol and port. */
  host: z.string(),
  handoff: z.string(),
  licence_ends_on: z.string(),
});
export type SignUpDone = z.infer<typeof signUpDoneSchema>;

export const handoffSchema = z.object({ handoff: z.string().min(10).max(2000) });

/** POST /auth/forgot-password: on the company's host; the answer is the same whether the phone exists or not. */
export const forgotPasswordSchema = z.object({ phone: z.string().trim().min(7).max(20) });
export const forgotPasswordSentSchema = z.object({
  phone_masked: z.string(),
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
});
export type ForgotPasswordSent = z.infer<typeof forgotPasswordSentSchema>;

/** POST /auth/reset-password: the code and the new password; every session of the phone's users ends. */
export const resetPasswordSchema = z.object({
  phone: z.string().trim().min(7).max(20),
  code: verificationCodeSchema,
  password: z.string().min(PASSWORD_MIN).max(200),
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** Shows the end of a phone only: "*** ** 45 67". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
