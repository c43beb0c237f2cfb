import { type ForgotPasswordSent, maskPhone, type ResetPassword, VERIFICATION_CODE } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import { inCompany } from '../../platform/tenancy.js';
import { sendCodeSms } from '../../platform/verification-codes.js';
import { findCompanyBySubdomain } from '../company/service.js';
import { internationalPhone } from '../sms/recipients.js';
import { phoneHasUsers, resetPasswordsOfPhone } from '../users/password-reset.js';
import { checkPhone } from '../users/service.js';
import { checkPhoneCode, issuePhoneCode, spendPhoneCode } from './phone-codes.js';

const RESET_TEXT: Record<string, (name: string, code: string) => string> = {
  uz: (name, code) => `${name}: parolni tiklash kodi ${code}. Uni hech kimga aytmang.`,
  ru: (name, code) => `${name}: код восстановления пароля ${code}. Никому его не сообщайте.`,
  en: (name, code) => `${name}: your password reset code is ${code}. Do not share it.`,
  id: (name, code) => `${name}: kode atur ulang kata sandi Anda ${code}. Jangan berikan kepada siapa pun.`,
};

/** The company of the host a code page is on: unknown → 404, switched off → 403. */
export async function companyOfHost(app: FastifyInstance, subdomain: string | null) {
  const company = subdomain ? await findCompanyBySubdomain(app.database.db, subdomain) : undefined;
  if (!company) throw new AppError(404, 'company_not_found');
  if (company.disabled) throw new AppError(403, 'company_disabled');
  return company;
}

/** The answer of a code request: the same whether or not the phone is known. */
export const codeSent = (phone: string): ForgotPasswordSent => ({
  phone_masked: maskPhone(phone),
  resend_after_seconds: VERIFICATION_CODE.resendSeconds,
  expires_in_seconds: VERIFICATION_CODE.validSeconds,
});

/**
 * Sends a code after the answer (never awaited: the answer's timing must not tell whether the phone is known,
 * and the operator's refusal is logged by sendCodeSms).
 */
export function sendCodeLater(app: FastifyInstance, phone: string, country: string, text: string): void {
  const to = internationalPhone(phone, country) ?? phone;
  void sendCodeSms(app, to, text).catch(() => {});
}

/**
 * POST /auth/forgot-password: a code to the phone when a working user of this company has it. The answer,
 * its limits and its timing are the same when nobody has it (the SMS goes out after the answer), so the page
 * cannot be used to learn who is a client of the centre.
 */
export async function forgotPassword(
  app: FastifyInstance,
  input: { subdomain: string | null; phone: string; ip: string },
  now: Date,
): Promise<ForgotPasswordSent> {
  const company = await companyOfHost(app, input.subdomain);
  const phone = checkPhone(input.phone, company.country);
  const { code, known } = await inCompany(app.database.db, company.id, async (tx) => ({
    code: await issuePhoneCode(tx, company.id, { phone, ip: input.ip, purpose: 'reset', now }),
    known: await phoneHasUsers(tx, company.id, phone),
  }));
  if (known) {
    const text = (RESET_TEXT[company.locale] ?? RESET_TEXT.en)?.(company.name, code) ?? code;
    sendCodeLater(app, phone, company.country, text);
  }
  return codeSent(phone);
}

/** POST /auth/reset-password: the latest code of the phone, five tries; then the new password for its users. */
export async function resetPassword(
  app: FastifyInstance,
  input: ResetPassword & { subdomain: string | null },
  now: Date,
): Promise<void> {
  const company = await companyOfHost(app, input.subdomain);
  const phone = checkPhone(input.phone, company.country);
  assertAcceptablePassword(input.password, phone);
  const codeId = await checkPhoneCode(app.database.db, company.id, { phone, purpose: 'reset', code: input.code, now });
  // Hashed outside any transaction: PGlite's one connection must not wait ~30 ms for it.
  const passwordHash = await hashPassword(input.password);
  await inCompany(app.database.db, company.id, async (tx) => {
    await spendPhoneCode(tx, company.id, codeId, now);
    await resetPasswordsOfPhone(tx, company.id, phone, passwordHash);
  });
}
