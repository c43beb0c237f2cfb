import { FINAL_SMS_STATES } from '@crm/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type SentSms,
  SmsCredentialsRejectedError,
  SmsProviderUnavailableError,
  SmsRefusedError,
} from '../../adapters/sms/sms-provider.js';
import { selectRows, type Tx } from '../../db/client.js';
import { smsMessages } from '../../db/schema/index.js';
import type { JobContext } from '../../platform/jobs/queue.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../platform/tenancy.js';
import { deliverByTelegram } from '../telegram-bot/telegram-delivery.js';
import { smsAccountOf } from './account.js';
import { senderFor } from './providers.js';

/** Messages per call to the operator (Eskiz's batch takes more; a failed call then repeats less). */
export const DELIVERY_BATCH = 200;

/**
 * The delivery job (JOBS.smsDeliver): hands the company's stored messages among `ids` to its operator and
 * keeps each one's provider id and state. Only messages still 'stored' without a provider id are sent, so a
 * retry after a crash or an operator's 5xx sends what was not sent yet and nothing twice (a batch the
 * operator took but whose answer was lost is the one exception every SMS gateway shares).
 */
export async function deliverMessages(
  app: FastifyInstance,
  companyId: number,
  ids: readonly number[],
  job?: JobContext,
) {
  const db = app.database.background;
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inCompany(db, companyId, work, { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS });
  const { account, pending: stored } = await inTenant(async (tx) => ({
    account: await smsAccountOf(tx, companyId),
    pending: await tx
      .select({
        id: smsMessages.id,
        phone: smsMessages.phone,
        text: smsMessages.text,
        sender: smsMessages.sender,
        userId: smsMessages.userId,
        recipient: smsMessages.recipient,
        kind: smsMessages.kind,
      })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.companyId, companyId),
          inArray(smsMessages.id, [...ids]),
          eq(smsMessages.state, 'stored'),
          isNull(smsMessages.providerMessageId),
        ),
      )
      .orderBy(smsMessages.id),
  }));
  // Issue 24: an automatic message to someone who linked the Telegram bot goes there; the rest by SMS.
  const byTelegram = await deliverByTelegram(app, companyId, stored, inTenant);
  const pending = stored.filter((message) => !byTelegram.has(message.id));
  if (!pending.length) return { sent: byTelegram.size };
  let sender: ReturnType<typeof senderFor>;
  try {
    sender = senderFor(app, account);
  } catch (error) {
    if (error instanceof SmsCredentialsRejectedError) {
      await inTenant((tx) =>
        markFailed(
          tx,
          companyId,
          pending.map((m) => m.id),
          'error',
          'sms_credentials_rejected',
        ),
      );
      return { sent: 0 };
    }
    throw error;
  }
  const callbackUrl = app.messaging.publicUrl
    ? `${app.messaging.publicUrl}/api/v1/sms/callback/${companyId}/${account.callbackSecret}`
    : undefined;
  let sent = byTelegram.size;
  for (let start = 0; start < pending.length; start += DELIVERY_BATCH) {
    const batch = pending.slice(start, start + DELIVERY_BATCH);
    let answers: SentSms[];
    try {
      answers = await sender.provider.sendBatch(
        batch.map((m) => ({
          ref: String(m.id),
          phone: m.phone,
          text: m.text,
          from: m.sender ?? undefined,
          callbackUrl,
        })),
      );
    } catch (error) {
      const ids = batch.map((m) => m.id);
      if (error instanceof SmsCredentialsRejectedError) {
        await inTenant((tx) => markFailed(tx, companyId, ids, 'error', 'sms_credentials_rejected'));
        continue;
      }
      if (error instanceof SmsRefusedError) {
        await inTenant((tx) => markFailed(tx, companyId, ids, 'rejected', error.message.slice(0, 200)));
        continue;
      }
      // Unavailable (or anything unexpected): the job is retried; after its last attempt the messages are errors.
      if (job?.lastAttempt) {
        await inTenant((tx) =>
          markFailed(
            tx,
            companyId,
            ids,
            'error',
            error instanceof SmsProviderUnavailableError ? 'sms_provider_unavailable' : 'internal',
          ),
        );
      }
      throw error;
    }
    await inTenant((tx) => keepAnswers(tx, companyId, answers, sender.name));
    sent += answers.length;
  }
  return { sent };
}

/** The operator's ids and first states of sent messages, in one statement. */
async function keepAnswers(tx: Tx, companyId: number, answers: readonly SentSms[], provider: string) {
  if (!answers.length) return;
  const values = sql.join(
    answers.map((a) => sql`(${Number(a.ref)}::bigint, ${a.providerMessageId}::text, ${a.state}::text)`),
    sql`, `,
  );
  await selectRows(
    tx,
    sql`update sms_messages m set provider_message_id = v.pid, state = v.state, provider = ${provider},
        sent_at = now(), state_at = now()
      from (values ${values}) as v(id, pid, state)
      where m.company_id = ${companyId} and m.id = v.id and m.state = 'stored'
      returning m.id`,
  );
}

async function markFailed(tx: Tx, companyId: number, ids: readonly number[], state: string, error: string) {
  await tx
    .update(smsMessages)
    .set({ state, error, stateAt: sql`now()` })
    .where(
      and(eq(smsMessages.companyId, companyId), inArray(smsMessages.id, [...ids]), eq(smsMessages.state, 'stored')),
    );
}

/**
 * A delivery state reported by the operator (callback or poll): applied unless the message already has a
 * final state (reports may come twice or out of order). Answers how many messages changed.
 */
export async function applyStates(
  tx: Tx,
  companyId: number,
  states: readonly { providerMessageId: string; state: string }[],
): Promise<number> {
  if (!states.length) return 0;
  const values = sql.join(
    states.map((s) => sql`(${s.providerMessageId}::text, ${s.state}::text)`),
    sql`, `,
  );
  const changed = await selectRows<{ id: number }>(
    tx,
    sql`update sms_messages m set state = v.state, state_at = now()
      from (values ${values}) as v(pid, state)
      where m.company_id = ${companyId} and m.provider_message_id = v.pid and m.state <> v.state
        and not (m.state = any(${`{${FINAL_SMS_STATES.join(',')}}`}::text[]))
      returning m.id`,
  );
  return changed.length;
}
