import { companyDatasSchema, type Language, normalizeLanguage, type RoleId } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../../db/client.js';
import { companies, telegramLinks, users } from '../../db/schema/index.js';

/** The users of every company who linked this chat (a parent may be a client of two centres). */
export async function chatUsers(db: Db, chatId: string): Promise<{ companyId: number; userId: number }[]> {
  const rows = await selectRows<{ company_id: number; user_id: number }>(
    db,
    sql`select company_id::int as company_id, user_id::int as user_id from telegram_chat_users(${chatId})`,
  );
  return rows.map((row) => ({ companyId: Number(row.company_id), userId: Number(row.user_id) }));
}

/** The centre's interface language (spec §9), for a chat whose Telegram language is not one of ours. */
export async function companyLocale(tx: Tx, companyId: number): Promise<Language> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  return normalizeLanguage(companyDatasSchema.parse(row?.datas ?? {}).locale);
}

export interface LinkedUser {
  id: number;
  companyId: number;
  name: string;
  roles: RoleId[];
  language: Language;
  chatId: string;
}

/** A linked user as the bot answers him: his roles and the language he reads, in his company's transaction. */
export async function linkedUser(tx: Tx, companyId: number, userId: number): Promise<LinkedUser | undefined> {
  const [row] = await tx
    .select({
      name: users.name,
      roles: users.roles,
      archivedAt: users.archivedAt,
      language: telegramLinks.language,
      chatId: telegramLinks.chatId,
    })
    .from(telegramLinks)
    .innerJoin(users, and(eq(users.companyId, telegramLinks.companyId), eq(users.id, telegramLinks.userId)))
    .where(and(eq(telegramLinks.companyId, companyId), eq(telegramLinks.userId, userId)));
  if (!row || row.archivedAt) return undefined;
  return {
    id: userId,
    companyId,
    name: row.name,
    roles: row.roles as RoleId[],
    language: normalizeLanguage(row.language),
    chatId: row.chatId,
  };
}
