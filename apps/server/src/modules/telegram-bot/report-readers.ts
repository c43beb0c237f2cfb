import { Role } from '@crm/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { telegramLinks, users } from '../../db/schema/index.js';

/** Who gets the daily report in his own chat once he linked the bot: the managers who read the reports. */
const REPORT_READER_ROLES = [Role.owner, Role.ceo, Role.branchDirector];

const readsReports = sql`${users.roles} && array[${sql.raw(REPORT_READER_ROLES.join(','))}]::smallint[]`;

/** The chats of the company's linked managers (in its tenant). */
export async function reportReaderChats(tx: Tx, companyId: number) {
  return tx
    .select({ userId: telegramLinks.userId, chatId: telegramLinks.chatId })
    .from(telegramLinks)
    .innerJoin(users, and(eq(users.companyId, telegramLinks.companyId), eq(users.id, telegramLinks.userId)))
    .where(and(eq(telegramLinks.companyId, companyId), isNull(users.archivedAt), readsReports));
}

/** Of these companies, those with a linked manager (the owner connection of the dispatch sees every company). */
export async function companiesWithReportReaders(db: Db, companyIds: readonly number[]): Promise<Set<number>> {
  if (!companyIds.length) return new Set();
  const rows = await db
    .selectDistinct({ companyId: telegramLinks.companyId })
    .from(telegramLinks)
    .innerJoin(users, and(eq(users.companyId, telegramLinks.companyId), eq(users.id, telegramLinks.userId)))
    .where(and(inArray(telegramLinks.companyId, [...companyIds]), isNull(users.archivedAt), readsReports));
  return new Set(rows.map((row) => row.companyId));
}
