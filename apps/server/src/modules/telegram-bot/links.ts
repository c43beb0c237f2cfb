import { createHash, randomBytes } from 'node:crypto';
import { type Language, TELEGRAM_LINK_MINUTES, type TelegramDeepLink, type TelegramLink } from '@crm/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { telegramLinks, telegramLinkTokens, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { inCompany } from '../../platform/tenancy.js';
import { companyLocale } from './chat-users.js';

/**
 * A deep link's start parameter (Telegram allows 64 characters of [A-Za-z0-9_-]): the company's id, so the bot
 * knows whose tables to look in, and 24 random bytes. Only the hash is kept.
 */
const PAYLOAD = /^(\d{1,12})_([A-Za-z0-9_-]{32})$/;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function ownTelegramLink(tx: Tx, actor: Actor, available: boolean): Promise<TelegramLink> {
  const [link] = await tx
    .select({ linkedAt: telegramLinks.linkedAt })
    .from(telegramLinks)
    .where(and(eq(telegramLinks.companyId, actor.companyId), eq(telegramLinks.userId, actor.id)));
  return { available, linked: Boolean(link), linked_at: link?.linkedAt.toISOString() ?? null };
}

/** POST /telegram/link: a one-time deep link to the bot for the caller, good for TELEGRAM_LINK_MINUTES. */
export async function newDeepLink(tx: Tx, actor: Actor, botUsername: string, now: Date): Promise<TelegramDeepLink> {
  const secret = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
  await tx
    .insert(telegramLinkTokens)
    .values({ companyId: actor.companyId, tokenHash: hashOf(secret), userId: actor.id, expiresAt });
  return {
    url: `https://t.me/${botUsername}?start=${actor.companyId}_${secret}`,
    expires_at: expiresAt.toISOString(),
  };
}

export type LinkOutcome =
  | { linked: true; companyId: number; userName: string }
  | { linked: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * "/start <payload>" from a chat: the token names the user, once and in time. A token of another company, or
 * a made-up one, is unknown. The chat replaces whatever the user had linked before, and leaves any other user
 * of this company it was linked to (one person, one chat).
 */
export async function takeDeepLink(
  db: Db,
  payload: string,
  chat: { id: string; language: Language | null },
  now: Date,
): Promise<LinkOutcome> {
  const parts = PAYLOAD.exec(payload);
  if (!parts) return { linked: false, reason: 'unknown' };
  const companyId = Number(parts[1]);
  const secret = parts[2] as string;
  return inCompany(db, companyId, async (tx) => {
    const [token] = await tx
      .select()
      .from(telegramLinkTokens)
      .where(and(eq(telegramLinkTokens.companyId, companyId), eq(telegramLinkTokens.tokenHash, hashOf(secret))))
      .for('update');
    if (!token) return { linked: false, reason: 'unknown' } as const;
    if (token.usedAt) return { linked: false, reason: 'used' } as const;
    if (token.expiresAt.getTime() <= now.getTime()) return { linked: false, reason: 'expired' } as const;
    await tx
      .update(telegramLinkTokens)
      .set({ usedAt: now })
      .where(and(eq(telegramLinkTokens.companyId, companyId), eq(telegramLinkTokens.tokenHash, token.tokenHash)));
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, token.userId)));
    await tx
      .delete(telegramLinks)
      .where(
        and(
          eq(telegramLinks.companyId, companyId),
          eq(telegramLinks.chatId, chat.id),
          ne(telegramLinks.userId, token.userId),
        ),
      );
    const language = chat.language ?? (await companyLocale(tx, companyId));
    await tx
      .insert(telegramLinks)
      .values({ companyId, userId: token.userId, chatId: chat.id, language, linkedAt: now })
      .onConflictDoUpdate({
        target: [telegramLinks.companyId, telegramLinks.userId],
        set: { chatId: chat.id, language, linkedAt: now },
      });
    await recordHistory(
      tx,
      { id: token.userId, companyId },
      { event: 'telegramLinked', entity: 'user', entityId: token.userId, data: { change: 'linked', via: 'deep_link' } },
    );
    return { linked: true, companyId, userName: user?.name ?? '' } as const;
  });
}

/** Unlinks a user's chat (from his profile, or /stop in the bot); answers whether there was one. */
export async function unlinkTelegram(
  tx: Tx,
  who: { id: number; companyId: number },
  via: 'profile' | 'bot' | 'blocked',
): Promise<boolean> {
  const removed = await tx
    .delete(telegramLinks)
    .where(and(eq(telegramLinks.companyId, who.companyId), eq(telegramLinks.userId, who.id)))
    .returning({ userId: telegramLinks.userId });
  if (!removed.length) return false;
  await recordHistory(tx, who, {
    event: 'telegramLinked',
    entity: 'user',
    entityId: who.id,
    data: { change: 'unlinked', via },
  });
  return true;
}
