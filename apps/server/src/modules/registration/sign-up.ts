import { randomUUID } from 'node:crypto';
import {
  COUNTRY_RULES,
  type CodeSent,
  type Country,
  type Language,
  maskPhone,
  type SignUpForm,
  VERIFICATION_CODE,
} from '@crm/contracts';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signUpRequests } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import { codeExpiry, hashCode, newCode, resendWait, sendCodeSms } from '../../platform/verification-codes.js';
import { internationalPhone } from '../sms/recipients.js';
import { checkPhone } from '../users/service.js';
import { assertSubdomainFree } from './subdomains.js';

/** Sign-ups one address may start in an hour (a school's shared connection starts one or two). */
export const SIGN_UPS_PER_ADDRESS_HOUR = 5;
/** Sign-ups one phone may start in an hour. */
export const SIGN_UPS_PER_PHONE_HOUR = 3;
/** Codes one sign-up may send: the first and four resends. */
export const SENDS_PER_SIGN_UP = 5;

/** The form as stored until the code comes back: checked, the password already hashed. */
export interface PendingSignUp {
  company_name: string;
  subdomain: string;
  company_type: SignUpForm['company_type'];
  country: Country;
  /** The centre's interface language: the one the owner signed up in, else the country's. */
  language: Language;
  owner_name: string;
  /** National digits, as users.phone keeps them. */
  phone: string;
  password_hash: string;
}

const CODE_TEXT: Record<string, (name: string, code: string) => string> = {
  uz: (name, code) => `${name}: roʻyxatdan oʻtish kodi ${code}. Uni hech kimga aytmang.`,
  ru: (name, code) => `${name}: код регистрации ${code}. Никому его не сообщайте.`,
  en: (name, code) => `${name}: your sign-up code is ${code}. Do not share it.`,
  id: (name, code) => `${name}: kode pendaftaran Anda ${code}. Jangan berikan kepada siapa pun.`,
};

const codeText = (pending: PendingSignUp, code: string) =>
  (CODE_TEXT[pending.language ?? COUNTRY_RULES[pending.country].language] ?? CODE_TEXT.en)?.(
    pending.company_name,
    code,
  ) ?? code;

const sentAnswer = (id: string, phone: string, now: Date, sentAt: Date): CodeSent => ({
  request_id: id,
  phone_masked: maskPhone(phone),
  resend_after_seconds: resendWait(sentAt, now),
  expires_in_seconds: VERIFICATION_CODE.validSeconds,
});

/**
 * POST /auth/register: checks the whole form (subdomain free, phone of the country, password not a common one),
 * keeps it with a code and sends the code. Nothing of the company exists until the code comes back. A filled
 * honeypot gets the same answer and no SMS, so a robot learns nothing.
 */
export async function startSignUp(app: FastifyInstance, form: SignUpForm, ip: string, now: Date): Promise<CodeSent> {
  const db = app.database.db;
  const phone = checkPhone(form.phone, form.country);
  if (form.website) return sentAnswer(randomUUID(), phone, now, now);
  await assertSubdomainFree(db, form.subdomain);
  assertAcceptablePassword(form.password, phone);
  const phoneKey = `${form.country}:${phone}`;
  await assertUnderLimits(app, ip, phoneKey, now);

  const pending: PendingSignUp = {
    company_name: form.company_name,
    subdomain: form.subdomain,
    company_type: form.company_type,
    country: form.country,
    language: form.language ?? COUNTRY_RULES[form.country].language,
    owner_name: form.owner_name,
    phone,
    password_hash: await hashPassword(form.password),
  };
  const id = randomUUID();
  const code = newCode();
  // Stored before sending: a sign-up whose SMS failed still counts against the limits.
  await db.insert(signUpRequests).values({
    id,
    phone,
    phoneKey,
    subdomain: form.subdomain,
    form: pending,
    codeHash: hashCode(id, code),
    sentAt: now,
    expiresAt: codeExpiry(now),
    ip,
    createdAt: now,
  });
  await sendCodeSms(app, internationalPhone(phone, form.country) ?? phone, codeText(pending, code));
  return sentAnswer(id, phone, now, now);
}

async function assertUnderLimits(app: FastifyInstance, ip: string, phoneKey: string, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const counted = (where: ReturnType<typeof and>) =>
    app.database.db
      .select({ n: count() })
      .from(signUpRequests)
      .where(where)
      .then(([row]) => row?.n ?? 0);
  const [byAddress, byPhone] = await Promise.all([
    counted(and(eq(signUpRequests.ip, ip), gt(signUpRequests.createdAt, hourAgo))),
    counted(and(eq(signUpRequests.phoneKey, phoneKey), gt(signUpRequests.createdAt, hourAgo))),
  ]);
  if (byAddress >= SIGN_UPS_PER_ADDRESS_HOUR || byPhone >= SIGN_UPS_PER_PHONE_HOUR) {
    throw new AppError(429, 'sign_up_limit_reached', { retry_after_seconds: 3600 });
  }
}

/** POST /auth/register/resend: a new code 60 s after the last (the old one stops working), five in all. */
export async function resendSignUpCode(app: FastifyInstance, requestId: string, now: Date): Promise<CodeSent> {
  const db = app.database.db;
  const [row] = await db.select().from(signUpRequests).where(eq(signUpRequests.id, requestId));
  if (!row || row.completedAt) throw new AppError(400, 'verification_code_expired');
  const wait = resendWait(row.sentAt, now);
  if (wait > 0) throw new AppError(429, 'code_resend_too_soon', { retry_after_seconds: wait });
  if (row.sends >= SENDS_PER_SIGN_UP) throw new AppError(429, 'sign_up_limit_reached', { retry_after_seconds: 3600 });
  const code = newCode();
  // Taken in one statement: two resends at once send one code.
  const [taken] = await db
    .update(signUpRequests)
    .set({
      codeHash: hashCode(row.id, code),
      attempts: 0,
      sends: sql`${signUpRequests.sends} + 1`,
      sentAt: now,
      expiresAt: codeExpiry(now),
    })
    .where(and(eq(signUpRequests.id, row.id), eq(signUpRequests.sentAt, row.sentAt)))
    .returning({ id: signUpRequests.id });
  if (!taken) throw new AppError(429, 'code_resend_too_soon', { retry_after_seconds: VERIFICATION_CODE.resendSeconds });
  const pending = row.form as PendingSignUp;
  await sendCodeSms(app, internationalPhone(pending.phone, pending.country) ?? pending.phone, codeText(pending, code));
  return sentAnswer(row.id, pending.phone, now, now);
}
