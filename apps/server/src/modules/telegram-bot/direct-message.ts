import type { Language } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { TelegramRefusedError } from '../../adapters/telegram/telegram-client.js';
import { inCompany } from '../../platform/tenancy.js';
import { linkedUser } from './chat-users.js';
import { unlinkTelegram } from './links.js';
import { botClientOf } from './updates-source.js';

/**
 * Telegram's answer that the chat will never take our messages: 403, he blocked the bot; 400, the chat is gone.
 * Not 401 (a bot token Telegram refused): that is the platform's fault, not the person's.
 */
export const chatIsGone = (error: unknown) =>
  error instanceof TelegramRefusedError && (error.errorCode === 403 || error.errorCode === 400);

export type DirectMessageOutcome = 'sent' | 'not_linked' | 'blocked' | 'failed';

/**
 * One message to a person's own linked chat, in the language of his link (`compose` writes it, HTML with the
 * names escaped). A chat that blocked the bot is unlinked, as for the automatic messages; a failure that may
 * pass (Telegram unreachable, a rate limit) answers 'failed' so the caller can try again later.
 */
export async function sendToLinkedUser(
  app: FastifyInstance,
  companyId: number,
  userId: number,
  compose: (language: Language) => string,
): Promise<DirectMessageOutcome> {
  const client = botClientOf(app);
  if (!client) return 'not_linked';
  const user = await inCompany(app.database.db, companyId, (tx) => linkedUser(tx, companyId, userId));
  if (!user) return 'not_linked';
  try {
    await client.sendMessage(user.chatId, compose(user.language));
    return 'sent';
  } catch (error) {
    if (chatIsGone(error)) {
      await inCompany(app.database.db, companyId, (tx) => unlinkTelegram(tx, { id: userId, companyId }, 'blocked'));
      return 'blocked';
    }
    app.log.warn({ err: error, user_id: userId }, 'telegram message failed');
    return 'failed';
  }
}
