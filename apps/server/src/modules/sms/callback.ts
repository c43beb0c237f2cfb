import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseDeliveryCallback } from '../../adapters/sms/sms-provider.js';
import { smsAccounts } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { inCompany } from '../../platform/tenancy.js';
import { applyStates } from './delivery.js';

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * An operator's delivery report (POST /sms/callback/{company}/{secret}). The secret of the company's account
 * in the URL is what authenticates it — only the operator we gave the URL to knows it — compared in constant
 * time; a wrong one is answered like an unknown company (404), telling a prober nothing. Applying a state
 * is idempotent and only forward (delivery.ts applyStates), so a report posted twice changes nothing twice.
 */
export async function receiveDeliveryReport(app: FastifyInstance, companyId: number, secret: string, body: unknown) {
  await inCompany(app.database.db, companyId, async (tx) => {
    const [account] = await tx
      .select({ secret: smsAccounts.callbackSecret, ownProvider: smsAccounts.ownProvider })
      .from(smsAccounts)
      .where(eq(smsAccounts.companyId, companyId));
    if (!account || !sameSecret(account.secret, secret)) throw new AppError(404, 'not_found');
    const provider = account.ownProvider ?? app.messaging.sms.provider;
    if (provider !== 'eskiz' && provider !== 'playmobile') throw new AppError(404, 'not_found');
    let states: ReturnType<typeof parseDeliveryCallback>;
    try {
      states = parseDeliveryCallback(provider, body);
    } catch {
      throw new AppError(400, 'validation_failed');
    }
    await applyStates(tx, companyId, states);
  });
}
