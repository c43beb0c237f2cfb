import {
  addDays,
  companyDatasSchema,
  countryRules,
  formatAmount,
  LANGUAGES,
  normalizeLanguage,
  Role,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TelegramUpdate } from '../../adapters/telegram/protocol.js';
import type { TelegramClient } from '../../adapters/telegram/telegram-client.js';
import type { Tx } from '../../db/client.js';
import { companies, studentBalances } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { inCompany } from '../../platform/tenancy.js';
import { companyTime } from '../lessons/company-time.js';
import { studentLessons } from '../lessons/student-lessons.js';
import { ownChildren } from '../parents/children.js';
import { BOT_TEXTS, type BotTexts, escapeHtml } from './bot-texts.js';
import { chatUsers, type LinkedUser, linkedUser } from './chat-users.js';
import { takeDeepLink, unlinkTelegram } from './links.js';

type Question = 'balance' | 'schedule' | 'attendance';
const QUESTIONS: readonly string[] = ['balance', 'schedule', 'attendance'];

/**
 * One update from Telegram (webhook or long polling): "/start <token>" links the chat, /stop unlinks it, and
 * /balance, /schedule, /attendance answer for each of the person's children (a parent) or himself (a student),
 * in every centre that linked this chat, in the language of the link. Other updates are answered with help.
 */
export async function answerUpdate(app: FastifyInstance, client: TelegramClient, update: TelegramUpdate) {
  const message = update.message;
  if (!message?.text || message.chat.type !== 'private') return;
  const chatId = String(message.chat.id);
  // Telegram's language of the person ("ru", "en-US"…), when it is one of ours; else the centre's, at linking.
  const code = message.from?.language_code?.slice(0, 2) ?? '';
  const telegramLanguage = (LANGUAGES as readonly string[]).includes(code) ? normalizeLanguage(code) : null;
  const [command = '', argument = ''] = message.text.trim().split(/\s+/, 2);
  const name = command.replace(/^\//, '').replace(/@.*$/, '').toLowerCase();
  const now = app.clock();

  if (name === 'start' && argument) {
    const outcome = await takeDeepLink(app.database.db, argument, { id: chatId, language: telegramLanguage }, now);
    const texts = BOT_TEXTS[telegramLanguage ?? 'uz'];
    const reply = outcome.linked
      ? texts.linked(escapeHtml(outcome.userName))
      : { unknown: texts.linkUnknown, used: texts.linkUsed, expired: texts.linkExpired }[outcome.reason];
    await client.sendMessage(chatId, reply);
    return;
  }
  const links = await chatUsers(app.database.db, chatId);
  const fallback = BOT_TEXTS[telegramLanguage ?? 'uz'];
  if (!links.length) {
    await client.sendMessage(chatId, fallback.notLinked);
    return;
  }
  const replies: string[] = [];
  for (const link of links) {
    const reply = await inCompany(app.database.db, link.companyId, async (tx) => {
      const user = await linkedUser(tx, link.companyId, link.userId);
      if (!user) return null;
      const texts = BOT_TEXTS[user.language];
      if (name === 'stop') {
        await unlinkTelegram(tx, user, 'bot');
        return texts.unlinked;
      }
      if (!QUESTIONS.includes(name)) return texts.help;
      return answerQuestion(tx, user, name as Question, texts, now);
    });
    if (reply) replies.push(reply);
  }
  await client.sendMessage(chatId, [...new Set(replies)].join('\n\n') || fallback.help);
}

/** The students a linked person asks about: a parent's children, else a student himself. */
async function studentsOf(tx: Tx, user: LinkedUser): Promise<{ id: number; name: string }[]> {
  if (user.roles.includes(Role.parent)) {
    const actor: Actor = { ...user, sessionId: 'telegram', branchIds: [], allBranches: false };
    return (await ownChildren(tx, actor)).data;
  }
  return user.roles.includes(Role.student) ? [{ id: user.id, name: user.name }] : [];
}

async function answerQuestion(tx: Tx, user: LinkedUser, question: Question, texts: BotTexts, now: Date) {
  const students = await studentsOf(tx, user);
  if (!students.length) return texts.nothingToShow;
  const { today } = await companyTime(tx, user.companyId, now);
  const lines: string[] = [];
  for (const student of students) {
    const name = escapeHtml(student.name);
    if (question === 'balance') {
      const [row] = await tx
        .select({ balance: studentBalances.balance })
        .from(studentBalances)
        .where(and(eq(studentBalances.companyId, user.companyId), eq(studentBalances.studentId, student.id)));
      const balance = row?.balance ?? 0;
      const currency = await currencyOf(tx, user.companyId);
      lines.push(texts.balance(name, `${formatAmount(Math.abs(balance), currency)} ${currency}`, balance < 0));
    } else if (question === 'schedule') {
      const lessons = await studentLessons(tx, user.companyId, student.id, today, addDays(today, 6));
      const held = lessons.filter((lesson) => lesson.state !== 'holiday');
      lines.push(
        [
          texts.scheduleHead(name),
          ...(held.length
            ? held.map(
                (l) =>
                  `${l.date.slice(8, 10)}.${l.date.slice(5, 7)} ${l.start_time}–${l.end_time} ${escapeHtml(l.group_title)}` +
                  (l.state === 'cancelled' ? ` (${texts.cancelled})` : ''),
              )
            : [texts.noLessons]),
        ].join('\n'),
      );
    } else {
      const month = today.slice(0, 7);
      const lessons = await studentLessons(tx, user.companyId, student.id, `${month}-01`, today);
      const present = lessons.filter((l) => l.mark === 1).length;
      const absent = lessons.filter((l) => l.mark === 0).length;
      lines.push(texts.attendance(name, `${month.slice(5, 7)}.${month.slice(0, 4)}`, present, absent));
    }
  }
  return lines.join('\n\n');
}

async function currencyOf(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  return countryRules(companyDatasSchema.parse(row?.datas ?? {}).country).currency;
}
