import { Role } from '@crm/contracts';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  groupStudents,
  parentStudents,
  smsMessages,
  studentBalances,
  telegramLinks,
  users,
} from '../db/schema/index.js';
import { linkParentsOfNewStudents } from '../modules/parents/parent-links.js';
import { companyLocale } from '../modules/telegram-bot/chat-users.js';
import { TELEGRAM_PROVIDER } from '../modules/telegram-bot/telegram-delivery.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

/** Pairs of demo students made siblings (the second takes the first's parent). */
const SIBLING_PAIRS = 12;

/**
 * Parents' accounts in the demo (issue 24): every parent phone of the students' records becomes a parent, a
 * dozen of them with two children; and the log-in parent (9000000 12) has two children — the log-in student and
 * the student of his branches who owes the most, so his screen has a debt to pay online.
 */
export async function seedParentsDemo(db: Db, company: CreatedCompany & { users: RoleUsers }): Promise<void> {
  await inCompany(db, company.id, async (tx) => {
    const withParents = await tx
      .select({ id: users.id, parentName: users.parentName, parentPhone: users.parentPhone })
      .from(users)
      .where(
        and(eq(users.companyId, company.id), isNotNull(users.parentPhone), sql`${Role.student} = any(${users.roles})`),
      )
      .orderBy(asc(users.id));
    for (let i = 0; i + 1 < withParents.length && i < SIBLING_PAIRS * 2; i += 2) {
      const [elder, younger] = [withParents[i], withParents[i + 1]];
      if (!elder || !younger) break;
      await tx
        .update(users)
        .set({ parentName: elder.parentName, parentPhone: elder.parentPhone })
        .where(and(eq(users.companyId, company.id), eq(users.id, younger.id)));
    }
    const { parent, student } = company.users;
    const [debtor] = await tx
      .select({ id: studentBalances.studentId })
      .from(studentBalances)
      .innerJoin(
        groupStudents,
        and(
          eq(groupStudents.companyId, studentBalances.companyId),
          eq(groupStudents.studentId, studentBalances.studentId),
        ),
      )
      .where(and(eq(studentBalances.companyId, company.id), sql`${studentBalances.studentId} <> ${student.id}`))
      .orderBy(asc(studentBalances.balance))
      .limit(1);
    const children = [student.id, ...(debtor ? [debtor.id] : [])];
    await tx
      .update(users)
      .set({ parentName: 'Gulnora Valiyeva', parentPhone: parent.phone })
      .where(and(eq(users.companyId, company.id), inArray(users.id, children)));
    const studentIds = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.companyId, company.id),
            isNotNull(users.parentPhone),
            sql`${Role.student} = any(${users.roles})`,
          ),
        )
    ).map((row) => row.id);
    await linkParentsOfNewStudents(tx, company.id, studentIds);
    await seedTelegramDemo(tx, company);
  });
}

/** Automatic messages the demo shows as delivered by Telegram (their parents linked the bot), at most this many. */
const TELEGRAM_MESSAGES = 6;

/**
 * Telegram in the demo (issue 24): the owner, the log-in parent and the parents of a few students with automatic
 * messages linked the bot, and those messages went there instead of SMS (the log says so). The chats are made up:
 * the demo has no bot, so nothing is ever sent to them.
 */
async function seedTelegramDemo(tx: Tx, company: CreatedCompany & { users: RoleUsers }) {
  const language = await companyLocale(tx, company.id);
  const messages = await tx
    .select({ id: smsMessages.id, studentId: smsMessages.userId, parentId: parentStudents.parentId })
    .from(smsMessages)
    .innerJoin(
      parentStudents,
      and(eq(parentStudents.companyId, smsMessages.companyId), eq(parentStudents.studentId, smsMessages.userId)),
    )
    .where(and(eq(smsMessages.companyId, company.id), eq(smsMessages.kind, 'auto')))
    .orderBy(asc(smsMessages.id))
    .limit(TELEGRAM_MESSAGES);
  // The owner linked it too: the daily report and his tasks come to his chat.
  const linked = [company.users.owner.id, company.users.parent.id, ...messages.map((m) => m.parentId)];
  const parents = [...new Set(linked)];
  await tx
    .insert(telegramLinks)
    .values(parents.map((id) => ({ companyId: company.id, userId: id, chatId: String(700_000_000 + id), language })))
    .onConflictDoNothing();
  if (!messages.length) return;
  await tx
    .update(smsMessages)
    .set({ provider: TELEGRAM_PROVIDER, state: 'delivered', paidFrom: null })
    .where(
      and(
        eq(smsMessages.companyId, company.id),
        inArray(
          smsMessages.id,
          messages.map((m) => m.id),
        ),
      ),
    );
}
