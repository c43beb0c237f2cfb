import { type AutoSmsRule, analyzeSmsText, type SmsRecipient } from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { smsAccounts, smsMessages } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { recordHistoryMany } from '../../platform/history.js';
import { limitPartsThisMonth, monthStartOf, type SmsAccount, smsAccountOf } from './account.js';

/** One message to store: its text already rendered for its recipient. */
export interface MessageToStore {
  userId: number | null;
  leadId: number | null;
  recipient: SmsRecipient;
  name: string;
  phone: string;
  branchId: number | null;
  text: string;
  /** Once-only key: `auto:{rule}:{student}:{day}`; a second message with it is not stored. */
  naturalKey?: string;
}

export interface StoreOptions {
  companyId: number;
  /** null: the system (an automatic rule). */
  actorId: number | null;
  kind: 'manual' | 'auto';
  rule?: AutoSmsRule;
  templateId?: number | null;
  sender: string | null;
  provider: string;
  at: Date;
  /**
   * 'refuse' (a person sending): over the allowance, nothing is stored and the send is refused with the
   * spec §8 message. 'reject' (an automatic rule): what fits is stored to send, the rest is stored as
   * rejected with the reason, so the log shows who did not get it and why.
   */
  overAllowance: 'refuse' | 'reject';
}

/** Rows per INSERT: 22 columns × 500 stays far below PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 500;

/**
 * Stores messages in the outbox (sms_messages, state 'stored') in the caller's transaction, paying each from
 * the company's allowance: its own operator (no limit), else the month's limit, then the bonus (spec §8).
 * Answers the ids of the messages to deliver and the parts they cost. The delivery job sends them after the
 * commit; a message whose natural key exists already is skipped.
 */
export async function storeMessages(tx: Tx, messages: readonly MessageToStore[], o: StoreOptions) {
  const account = await smsAccountOf(tx, o.companyId, { forUpdate: true });
  const sized = messages.map((m) => ({ ...m, info: analyzeSmsText(m.text) }));
  const payers = await allowanceFor(tx, account, sized, o);
  const rows = sized.map((m, i) => ({
    companyId: o.companyId,
    branchId: m.branchId,
    userId: m.userId,
    leadId: m.leadId,
    recipient: m.recipient,
    phone: m.phone,
    text: m.text,
    parts: m.info.parts,
    alphabet: m.info.alphabet,
    kind: o.kind,
    rule: o.rule ?? null,
    templateId: o.templateId ?? null,
    sender: o.sender,
    channel: account.ownProvider ? 'own' : 'shared',
    provider: o.provider,
    paidFrom: payers[i] === 'none' ? null : account.ownProvider ? null : (payers[i] ?? null),
    state: payers[i] === 'none' ? 'rejected' : 'stored',
    error: payers[i] === 'none' ? overLimitCode(account) : null,
    naturalKey: m.naturalKey ?? null,
    createdBy: o.actorId,
    createdAt: o.at,
  }));
  const stored: {
    id: number;
    userId: number | null;
    leadId: number | null;
    recipient: string;
    branchId: number | null;
    text: string;
    state: string;
    parts: number;
  }[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await tx
      .insert(smsMessages)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: [smsMessages.companyId, smsMessages.naturalKey] })
      .returning({
        id: smsMessages.id,
        userId: smsMessages.userId,
        leadId: smsMessages.leadId,
        recipient: smsMessages.recipient,
        branchId: smsMessages.branchId,
        text: smsMessages.text,
        state: smsMessages.state,
        parts: smsMessages.parts,
      });
    stored.push(...inserted);
  }
  const bonusParts = sized.reduce((sum, m, i) => sum + (payers[i] === 'bonus' ? m.info.parts : 0), 0);
  if (bonusParts > 0) {
    await tx
      .update(smsAccounts)
      .set({ bonusUsed: sql`${smsAccounts.bonusUsed} + ${bonusParts}` })
      .where(eq(smsAccounts.companyId, o.companyId));
  }
  const toDeliver = stored.filter((row) => row.state === 'stored');
  const names = new Map(messages.map((m) => [`${m.userId}:${m.leadId}:${m.recipient}`, m.name]));
  await recordHistoryMany(
    tx,
    { id: o.actorId, companyId: o.companyId },
    toDeliver.map((row) => ({
      event: 'smsSent' as const,
      entity: row.userId ? 'user' : 'lead',
      entityId: row.userId ?? row.leadId,
      branchId: row.branchId,
      data: {
        sms_id: row.id,
        name: names.get(`${row.userId}:${row.leadId}:${row.recipient}`),
        recipient: row.recipient,
        text: row.text,
        parts: row.parts,
        ...(o.rule ? { rule: o.rule } : {}),
      },
    })),
  );
  return {
    ids: toDeliver.map((row) => row.id),
    parts: toDeliver.reduce((sum, row) => sum + row.parts, 0),
    rejected: stored.length - toDeliver.length,
  };
}

/** The spec §8 refusal of an account over its allowance: the bonus is spent, or there was none. */
const overLimitCode = (account: SmsAccount) => (account.bonusTotal > 0 ? 'sms_bonus_exhausted' : 'sms_monthly_limit');

/** Who pays each message: 'own' operator, the month's 'limit', the 'bonus', or 'none' (over the allowance). */
async function allowanceFor(
  tx: Tx,
  account: SmsAccount,
  messages: readonly { info: { parts: number } }[],
  o: StoreOptions,
): Promise<('own' | 'limit' | 'bonus' | 'none')[]> {
  if (account.ownProvider) return messages.map(() => 'own');
  const used = await limitPartsThisMonth(tx, o.companyId, await monthStartOf(tx, o.companyId, o.at));
  let limitLeft = Math.max(0, account.monthlyLimit - used);
  let bonusLeft = Math.max(0, account.bonusTotal - account.bonusUsed);
  const total = messages.reduce((sum, m) => sum + m.info.parts, 0);
  if (o.overAllowance === 'refuse' && total > limitLeft + bonusLeft) {
    throw new AppError(422, overLimitCode(account), { parts: total, left: limitLeft + bonusLeft });
  }
  return messages.map(({ info }) => {
    if (info.parts <= limitLeft) {
      limitLeft -= info.parts;
      return 'limit';
    }
    if (info.parts <= bonusLeft) {
      bonusLeft -= info.parts;
      return 'bonus';
    }
    return 'none';
  });
}

/**
 * People deleted for good (users/lifecycle.ts): their SMS stay in the log — number, text, state — no longer
 * linked to a person who no longer exists.
 */
export async function forgetSmsRecipients(tx: Tx, companyId: number, userIds: readonly number[]) {
  if (!userIds.length) return;
  await tx
    .update(smsMessages)
    .set({ userId: null })
    .where(and(eq(smsMessages.companyId, companyId), inArray(smsMessages.userId, [...userIds])));
}
