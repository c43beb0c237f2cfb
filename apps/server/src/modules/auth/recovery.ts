import { randomUUID } from 'node:crypto';
import { type ForgotPasswordSent, maskPhone, type ResetPassword, VERIFICATION_CODE } from '@crm/contracts';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResetCodes } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import { inCompany } from '../../platform/tenancy.js';
import {
  codeExpiry,
  codeMatches,
  codeRefusal,
  hashCode,
  newCode,
  resendWait,
  sendCodeSms,
  wrongCode,
} from '../../platform/verification-codes.js';
import { findCompanyBySubdomain } from '../company/service.js';
import { internationalPhone } from '../sms/recipients.js';
import { phoneHasUsers, resetPasswordsOfPhone } from '../users/password-reset.js';
import { checkPhone } from '../users/service.js';

/** Recovery codes one phone may ask for in an hour, and one address for all phones. */
export const RESETS_PER_PHONE_HOUR = 5;
export const RESETS_PER_ADDRESS_HOUR = 10;

const RESET_TEXT: Record<string, (name: string, code: string) => string> = {
  uz: (name, code) => `${name}: parolni tiklash kodi ${code}. Uni hech kimga aytmang.`,
  ru: (name, code) => `${name}: код восстановления пароля ${code}. Никому его не сообщайте.`,
  en: (name, code) => `${name}: your password reset code is ${code}. Do not share it.`,
  id: (name, code) => `${name}: kode atur ulang kata sandi Anda ${code}. Jangan berikan kepada siapa pun.`,
};

async function companyOfHost(app: FastifyInstance, subdomain: string | null) {
  const company = subdomain ? await findCompanyBySubdomain(app.database.db, subdomain) : undefined;
  if (!company) throw new AppError(404, 'company_not_found');
  if (company.disabled) throw new AppError(403, 'company_disabled');
  return company;
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
  const id = randomUUID();
  const code = newCode();
  const known = await inCompany(app.database.db, company.id, async (tx) => {
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [last] = await tx
      .select({ sentAt: passwordResetCodes.sentAt })
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.companyId, company.id), eq(passwordResetCodes.phone, phone)))
      .orderBy(desc(passwordResetCodes.sentAt))
      .limit(1);
    const wait = last ? resendWait(last.sentAt, now) : 0;
    if (wait > 0) throw new AppError(429, 'code_resend_too_soon', { retry_after_seconds: wait });
    const counted = async (where: ReturnType<typeof and>) =>
      (await tx.select({ n: count() }).from(passwordResetCodes).where(where))[0]?.n ?? 0;
    const byPhone = await counted(
      and(
        eq(passwordResetCodes.companyId, company.id),
        eq(passwordResetCodes.phone, phone),
        gt(passwordResetCodes.sentAt, hourAgo),
      ),
    );
    const byAddress = await counted(
      and(
        eq(passwordResetCodes.companyId, company.id),
        eq(passwordResetCodes.ip, input.ip),
        gt(passwordResetCodes.sentAt, hourAgo),
      ),
    );
    if (byPhone >= RESETS_PER_PHONE_HOUR || byAddress >= RESETS_PER_ADDRESS_HOUR) {
      throw new AppError(429, 'too_many_requests', { retry_after_seconds: 3600 });
    }
    // A row for an unknown phone too: its limits then run exactly like a known one's.
    await tx.insert(passwordResetCodes).values({
      companyId: company.id,
      id,
      phone,
      codeHash: hashCode(id, code),
      sentAt: now,
      expiresAt: codeExpiry(now),
      ip: input.ip,
    });
    return phoneHasUsers(tx, company.id, phone);
  });
  if (known) {
    const text = (RESET_TEXT[company.locale] ?? RESET_TEXT.en)?.(company.name, code) ?? code;
    const to = internationalPhone(phone, company.country) ?? phone;
    void sendCodeSms(app, to, text).catch(() => {});
  }
  return {
    phone_masked: maskPhone(phone),
    resend_after_seconds: VERIFICATION_CODE.resendSeconds,
    expires_in_seconds: VERIFICATION_CODE.validSeconds,
  };
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
  const latest = await inCompany(app.database.db, company.id, async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.companyId, company.id), eq(passwordResetCodes.phone, phone)))
      .orderBy(desc(passwordResetCodes.sentAt))
      .limit(1);
    if (!row || row.usedAt) throw new AppError(400, 'verification_code_expired');
    const refusal = codeRefusal(row, now);
    if (refusal) throw refusal;
    if (codeMatches(row.codeHash, row.id, input.code)) return row;
    const [counted] = await tx
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(and(eq(passwordResetCodes.companyId, company.id), eq(passwordResetCodes.id, row.id)))
      .returning({ attempts: passwordResetCodes.attempts });
    return { wrongAttempts: counted?.attempts ?? row.attempts + 1 };
  });
  // Outside the transaction above, so the counted attempt stays when the refusal is thrown.
  if ('wrongAttempts' in latest) throw wrongCode(latest.wrongAttempts);
  // Hashed outside any transaction: PGlite's one connection must not wait ~30 ms for it.
  const passwordHash = await hashPassword(input.password);
  await inCompany(app.database.db, company.id, async (tx) => {
    const [used] = await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetCodes.companyId, company.id),
          eq(passwordResetCodes.id, latest.id),
          isNull(passwordResetCodes.usedAt),
        ),
      )
      .returning({ id: passwordResetCodes.id });
    if (!used) throw new AppError(400, 'verification_code_expired');
    await resetPasswordsOfPhone(tx, company.id, phone, passwordHash);
  });
}
