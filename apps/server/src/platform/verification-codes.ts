import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { sharedSender } from '../modules/sms/providers.js';
import { AppError } from './errors.js';

/**
 * One-time phone codes (sign-up, password recovery): six random digits, kept only as a hash bound to the row
 * that holds it, so a leaked table gives no usable code and one row's hash is no good for another's.
 * Guessing is stopped by the attempt limit (VERIFICATION_CODE.attempts), not by the hash.
 */
export const newCode = (): string => String(randomInt(0, 10 ** VERIFICATION_CODE.digits)).padStart(6, '0');

export const hashCode = (rowId: string, code: string): string =>
  createHash('sha256').update(`${rowId}:${code}`).digest('hex');

export function codeMatches(storedHash: string, rowId: string, code: string): boolean {
  const given = Buffer.from(hashCode(rowId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const codeExpiry = (now: Date): Date => new Date(now.getTime() + VERIFICATION_CODE.validSeconds * 1000);

/** Seconds until another code may be sent after one sent at `sentAt` (0: now). */
export const resendWait = (sentAt: Date, now: Date): number =>
  Math.max(0, Math.ceil((sentAt.getTime() + VERIFICATION_CODE.resendSeconds * 1000 - now.getTime()) / 1000));

/** Why a stored code cannot be tried any more, else null. */
export function codeRefusal(row: { attempts: number; expiresAt: Date }, now: Date) {
  if (row.attempts >= VERIFICATION_CODE.attempts) return new AppError(400, 'verification_code_spent');
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError(400, 'verification_code_expired');
  return null;
}

export const wrongCode = (attemptsUsed: number) =>
  new AppError(400, 'verification_code_wrong', {
    attempts_left: Math.max(0, VERIFICATION_CODE.attempts - attemptsUsed),
  });

/**
 * Sends a code through the platform's shared operator, at once (the visitor waits for it). The operator's
 * refusal or silence is the visitor's "try again", never a half-made account: callers send before they write.
 */
export async function sendCodeSms(app: FastifyInstance, phone: string, text: string): Promise<void> {
  const sender = sharedSender(app);
  if (sender.name === 'log') {
    // No operator (a laptop, the demo): the code is only in the server's log, where whoever runs it reads it.
    app.log.info({ to: `${phone.slice(0, 5)}****${phone.slice(-2)}`, text }, 'code SMS (SMS_PROVIDER=log: not sent)');
    return;
  }
  try {
    const [sent] = await sender.provider.sendBatch([
      { ref: `code-${Date.now()}`, phone, text, ...(sender.sender ? { from: sender.sender } : {}) },
    ]);
    if (!sent || sent.state === 'rejected') throw new Error('the operator refused the code SMS');
  } catch (error) {
    app.log.warn({ err: error }, 'verification code SMS not sent');
    throw new AppError(502, 'sms_code_not_sent');
  }
}
