import { canAccess, type SmsSettings } from '@crm/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { smsAccounts } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { type SmsAccount, smsAccountOf, usageOf } from './account.js';

const view = async (tx: Tx, account: SmsAccount, actor: Actor, at: Date, logOnly: boolean): Promise<SmsSettings> => ({
  sender: account.sender,
  teachers_may_send: account.teachersMaySend,
  own_provider: account.ownProvider === 'eskiz' || account.ownProvider === 'playmobile' ? account.ownProvider : null,
  usage: await usageOf(tx, account, at, logOnly),
  policies: { edit: canAccess('settings', actor.roles) },
});

export async function getSmsSettings(tx: Tx, actor: Actor, at: Date, logOnly: boolean) {
  return view(tx, await smsAccountOf(tx, actor.companyId), actor, at, logOnly);
}

/**
 * Sender, the teachers' switch (spec §6), and the company's own operator (spec §8): its credentials are stored
 * for the delivery job and never answered, logged or put in the history — the history says only which one.
 */
export async function updateSmsSettings(
  tx: Tx,
  actor: Actor,
  input: {
    sender?: string | null;
    teachers_may_send?: boolean;
    own_provider?: ({ provider: 'eskiz' | 'playmobile' } & Record<string, string>) | null;
  },
  at: Date,
  logOnly: boolean,
) {
  const before = await smsAccountOf(tx, actor.companyId, { forUpdate: true });
  const change: Partial<typeof smsAccounts.$inferInsert> = {};
  if (input.sender !== undefined) change.sender = input.sender || null;
  if (input.teachers_may_send !== undefined) change.teachersMaySend = input.teachers_may_send;
  if (input.own_provider !== undefined) {
    const { provider, ...credentials } = input.own_provider ?? { provider: null };
    change.ownProvider = provider;
    change.ownCredentials = provider ? credentials : null;
  }
  const [after] = await tx
    .update(smsAccounts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(smsAccounts.companyId, actor.companyId))
    .returning();
  await recordHistory(tx, actor, {
    event: 'smsSettingsChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: {
      ...(input.sender !== undefined ? { sender: change.sender } : {}),
      ...(input.teachers_may_send !== undefined
        ? {
            before: { teachers_may_send: before.teachersMaySend },
            after: { teachers_may_send: input.teachers_may_send },
          }
        : {}),
      ...(input.own_provider !== undefined ? { own_provider: input.own_provider?.provider ?? null } : {}),
    },
  });
  return view(tx, after ?? before, actor, at, logOnly);
}
