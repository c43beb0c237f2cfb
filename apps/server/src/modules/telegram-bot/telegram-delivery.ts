import { Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { escapeHtml } from './bot-texts.js';
import { chatIsGone } from './direct-message.js';
import { unlinkTelegram } from './links.js';
import { botClientOf } from './updates-source.js';

/** sms_messages.provider of a message the bot delivered: the SMS log says "Telegram" for it. */
export const TELEGRAM_PROVIDER = 'telegram';

export interface OutgoingMessage {
  id: number;
  userId: number | null;
  recipient: string;
  kind: string;
  text: string;
}

type InTenant = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The chat each automatic message goes to instead of an SMS: the person's own link (a student, a staff member);
 * for a message about a student who has not linked the bot, or one addressed to his parent, the link of his
 * parent's account — the parent is who pays and follows his attendance. Manual messages stay SMS: the sender
 * chose to send an SMS.
 */
async function chatsOf(tx: Tx, companyId: number, messages: readonly OutgoingMessage[]) {
  const auto = messages.filter((m) => m.kind === 'auto' && m.userId !== null);
  if (!auto.length) return new Map<number, { chatId: string; userId: number }>();
  const rows = await selectRows<{ id: number; chat_id: string; user_id: number }>(
    tx,
    sql`select m.id::int as id, l.chat_id, l.user_id::int as user_id
      from unnest(${pgArray(auto.map((m) => m.id))}::bigint[], ${pgArray(auto.map((m) => m.userId ?? 0))}::bigint[],
        ${pgArray(auto.map((m) => (m.recipient === 'parent' ? 1 : 0)))}::int[]) as m(id, user_id, to_parent)
      join lateral (
        select l.chat_id, l.user_id, 0 as rank from telegram_links l
        where l.company_id = ${companyId} and m.to_parent = 0 and l.user_id = m.user_id
        union all
        select l.chat_id, l.user_id, 1 as rank from parent_students ps
        join users p on p.company_id = ps.company_id and p.id = ps.parent_id and ${Role.parent} = any(p.roles)
          and p.archived_at is null
        join telegram_links l on l.company_id = ps.company_id and l.user_id = ps.parent_id
        where ps.company_id = ${companyId} and ps.student_id = m.user_id
        order by rank, user_id
        limit 1
      ) l on true`,
  );
  return new Map(rows.map((r) => [Number(r.id), { chatId: r.chat_id, userId: Number(r.user_id) }]));
}

/**
 * Sends by Telegram the automatic messages whose person linked the bot, and answers their ids; the rest (and
 * any Telegram did not take) go by SMS as before. A chat that blocked the bot is unlinked, so the next messages
 * go by SMS without trying. A message sent by Telegram costs no SMS: it no longer counts against the limit.
 */
export async function deliverByTelegram(
  app: FastifyInstance,
  companyId: number,
  messages: readonly OutgoingMessage[],
  inTenant: InTenant,
): Promise<Set<number>> {
  const delivered = new Set<number>();
  const client = botClientOf(app);
  if (!client || !messages.length) return delivered;
  const chats = await inTenant((tx) => chatsOf(tx, companyId, messages));
  const blocked = new Set<number>();
  for (const message of messages) {
    const chat = chats.get(message.id);
    if (!chat || blocked.has(chat.userId)) continue;
    try {
      const { messageIds } = await client.sendMessage(chat.chatId, escapeHtml(message.text));
      await inTenant((tx) =>
        selectRows(
          tx,
          sql`update sms_messages set provider = ${TELEGRAM_PROVIDER}, state = 'delivered',
              provider_message_id = ${`tg-${messageIds[0] ?? 0}`},
              paid_from = case when paid_from = 'limit' then null else paid_from end,
              sent_at = now(), state_at = now()
            where company_id = ${companyId} and id = ${message.id} and state = 'stored' returning id`,
        ),
      );
      delivered.add(message.id);
    } catch (error) {
      if (chatIsGone(error)) {
        blocked.add(chat.userId);
        await inTenant((tx) => unlinkTelegram(tx, { id: chat.userId, companyId }, 'blocked'));
      }
      app.log.warn({ err: error, sms_id: message.id }, 'telegram delivery failed: the message goes by SMS');
    }
  }
  return delivered;
}
