import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { passwordResetCodes } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { inCompany } from '../../platform/tenancy.js';
import {
  codeExpiry,
  codeMatches,
  codeRefusal,
  hashCode,
  newCode,
  resendWait,
  wrongCode,
} from '../../platform/verification-codes.js';

/** What a code proves: the phone's owner resets the password, or a parent logs in (issue 24). */
export type PhoneCodePurpose = 'reset' | 'login';

/** Codes one phone may ask for in an hour (per purpose), and one address for all phones. */
export const CODES_PER_PHONE_HOUR = 5;
export const CODES_PER_ADDRESS_HOUR = 10;

const ofPurpose = (companyId: number, purpose: PhoneCodePurpose) =>
  and(eq(passwordResetCodes.companyId, companyId), eq(passwordResetCodes.purpose, purpose));

/**
 * Stores a new code for the phone, within the resend wait and the hourly limits, and answers it (to send). A
 * row is stored for an unknown phone too: its limits then run exactly like a known one's.
 */
export async function issuePhoneCode(
  tx: Tx,
  companyId: number,
  input: { phone: string; ip: string; purpose: PhoneCodePurpose; now: Date },
): Promise<string> {
  const { phone, ip, purpose, now } = input;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [last] = await tx
    .select({ sentAt: passwordResetCodes.sentAt })
    .from(passwordResetCodes)
    .where(and(ofPurpose(companyId, purpose), eq(passwordResetCodes.phone, phone)))
    .orderBy(desc(passwordResetCodes.sentAt))
    .limit(1);
  const wait = last ? resendWait(last.sentAt, now) : 0;
  if (wait > 0) throw new AppError(429, 'code_resend_too_soon', { retry_after_seconds: wait });
  const counted = async (where: ReturnType<typeof and>) =>
    (await tx.select({ n: count() }).from(passwordResetCodes).where(where))[0]?.n ?? 0;
  const recent = gt(passwordResetCodes.sentAt, hourAgo);
  const byPhone = await counted(and(ofPurpose(companyId, purpose), eq(passwordResetCodes.phone, phone), recent));
  const byAddress = await counted(
    and(eq(passwordResetCodes.companyId, companyId), eq(passwordResetCodes.ip, ip), recent),
  );
  if (byPhone >= CODES_PER_PHONE_HOUR || byAddress >= CODES_PER_ADDRESS_HOUR) {
    throw new AppError(429, 'too_many_requests', { retry_after_seconds: 3600 });
  }
  const id = randomUUID();
  const code = newCode();
  await tx.insert(passwordResetCodes).values({
    companyId,
    id,
    phone,
    purpose,
    codeHash: hashCode(id, code),
    sentAt: now,
    expiresAt: codeExpiry(now),
    ip,
  });
  return code;
}

/**
 * Checks the phone's latest code of this purpose: answers its row id when it matches; a wrong one is counted
 * (committed before the refusal is thrown) and five wrong ones spend it.
 */
export async function checkPhoneCode(
  db: Db,
  companyId: number,
  input: { phone: string; purpose: PhoneCodePurpose; code: string; now: Date },
): Promise<string> {
  const latest = await inCompany(db, companyId, async (tx): Promise<{ id: string } | { wrongAttempts: number }> => {
    const [row] = await tx
      .select()
      .from(passwordResetCodes)
      .where(and(ofPurpose(companyId, input.purpose), eq(passwordResetCodes.phone, input.phone)))
      .orderBy(desc(passwordResetCodes.sentAt))
      .limit(1);
    if (!row || row.usedAt) throw new AppError(400, 'verification_code_expired');
    const refusal = codeRefusal(row, input.now);
    if (refusal) throw refusal;
    if (codeMatches(row.codeHash, row.id, input.code)) return { id: row.id };
    const [counted] = await tx
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(and(eq(passwordResetCodes.companyId, companyId), eq(passwordResetCodes.id, row.id)))
      .returning({ attempts: passwordResetCodes.attempts });
    return { wrongAttempts: counted?.attempts ?? row.attempts + 1 };
  });
  if ('wrongAttempts' in latest) throw wrongCode(latest.wrongAttempts);
  return latest.id;
}

/** Marks a matched code used, in the transaction that acts on it: a code works once, even when sent twice at once. */
export async function spendPhoneCode(tx: Tx, companyId: number, id: string, now: Date): Promise<void> {
  const [used] = await tx
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetCodes.companyId, companyId),
        eq(passwordResetCodes.id, id),
        isNull(passwordResetCodes.usedAt),
      ),
    )
    .returning({ id: passwordResetCodes.id });
  if (!used) throw new AppError(400, 'verification_code_expired');
}
