import { addDays, companyDatasSchema, companyTimeZone, minutesOf, zonedDateTime } from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TelegramClient, TelegramRefusedError } from '../../adapters/telegram/telegram-client.js';
import type { Db, Tx } from '../../db/client.js';
import { companies, jobRecords, telegramReports } from '../../db/schema/index.js';
import { keyedJobId } from '../../platform/jobs/boss-id.js';
import { activeCompanies } from '../../platform/jobs/companies.js';
import type { JobContext } from '../../platform/jobs/queue.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../platform/tenancy.js';
import { unlinkTelegram } from '../telegram-bot/links.js';
import { companiesWithReportReaders, reportReaderChats } from '../telegram-bot/report-readers.js';
import { reportText } from './report-text.js';
import { daySummary } from './summary.js';

/**
 * A day whose end came less than this long ago is still reported after midnight: a working day that ends at
 * 23:55 is past only for minutes before the date changes, and a dispatch every ten minutes may miss them.
 */
const CATCH_UP_MINUTES = 60;

/** The bot of this server (TELEGRAM_BOT_TOKEN); null: none, and no report is sent. */
export function telegramClientOf(app: FastifyInstance): TelegramClient | null {
  const { baseUrl, botToken } = app.messaging.telegram;
  return botToken ? new TelegramClient({ baseUrl, botToken, log: app.log }) : null;
}

/** The company as the report needs it (read in its tenant). */
export async function reportCompany(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ name: companies.name, datas: companies.datas, chatId: companies.telegramReportId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ? { ...row, datas: companyDatasSchema.parse(row.datas ?? {}) } : null;
}

/** The company's day whose working day has ended by `at`, if any (today's, or yesterday's just after midnight). */
export function endedDay(at: Date, timeZone: string, endOfWorkingDay: string): string | null {
  const local = zonedDateTime(at, timeZone);
  const now = minutesOf(local.time);
  const end = minutesOf(endOfWorkingDay);
  if (!Number.isFinite(end)) return null;
  if (now >= end) return local.date;
  return now + 24 * 60 - end <= CATCH_UP_MINUTES ? addDays(local.date, -1) : null;
}

/** Apps that have said they have no bot: said once, not every ten minutes. */
const toldNoBot = new WeakSet<FastifyInstance>();

interface DueReport {
  companyId: number;
  day: string;
  key: string;
  /** The company-day job's id (the queue derives it from the key). */
  jobId: string;
}

/**
 * The dispatch (JOBS.telegramDispatch, every 10 minutes): each active company with a chat whose working day
 * has ended in its time zone gets that day's report job, keyed by company and day — queued once however often
 * this runs; nothing without a bot. Days already reported, and days whose report failed for good (a failed
 * job record under the job's own id), are left alone: pg-boss forgets a finished job's id after a while,
 * these rows do not.
 */
export async function dispatchTelegramReports(app: FastifyInstance, only?: readonly number[]): Promise<number> {
  if (!app.messaging.telegram.botToken) {
    if (!toldNoBot.has(app)) app.log.info('no TELEGRAM_BOT_TOKEN: daily Telegram reports are not sent');
    toldNoBot.add(app);
    return 0;
  }
  const at = app.clock();
  const active = await activeCompanies(app.database.background, only);
  // Issue 24: a manager who linked the bot gets the report in his own chat, with or without the company's chat.
  const withReaders = await companiesWithReportReaders(
    app.database.background,
    active.map((company) => company.id),
  );
  const due = active.flatMap((company): DueReport[] => {
    if (!company.telegramReportId && !withReaders.has(company.id)) return [];
    const day = endedDay(at, companyTimeZone(company.datas), company.endOfWorkingDay);
    if (!day) return [];
    const key = `${company.id}:${day}`;
    return [{ companyId: company.id, day, key, jobId: keyedJobId(JOBS.telegramCompanyReport.name, key) }];
  });
  if (!due.length) return 0;
  const settled = await settledReports(app.database.background, due);
  let queued = 0;
  for (const { companyId, day, key, jobId } of due) {
    if (settled.has(key) || settled.has(jobId)) continue;
    if (await app.jobs.send(JOBS.telegramCompanyReport, { companyId, date: day }, { key })) queued += 1;
  }
  return queued;
}

/** The keys of the due reports already sent and the job ids of those that failed for good (owner connection). */
async function settledReports(db: Db, due: readonly DueReport[]): Promise<Set<string>> {
  const sent = await db
    .select({ companyId: telegramReports.companyId, day: telegramReports.day })
    .from(telegramReports)
    .where(
      and(
        inArray(telegramReports.companyId, [...new Set(due.map((d) => d.companyId))]),
        inArray(telegramReports.day, [...new Set(due.map((d) => d.day))]),
      ),
    );
  const failed = await db
    .select({ id: jobRecords.id })
    .from(jobRecords)
    .where(
      and(
        inArray(
          jobRecords.id,
          due.map((d) => d.jobId),
        ),
        eq(jobRecords.state, 'failed'),
      ),
    );
  return new Set([...sent.map((r) => `${r.companyId}:${r.day}`), ...failed.map((r) => r.id)]);
}

export type ReportOutcome = 'sent' | 'already_sent' | 'no_chat' | 'no_bot' | 'refused';

/**
 * One company's report of one day (JOBS.telegramCompanyReport), at most once.
 *
 * The day is claimed first — a telegram_reports row inserted in the same tenant transaction that finds none —
 * and the message sent after the commit, so no transaction (on PGlite: the one connection) waits on Telegram.
 * A second or concurrent run finds the claim and sends nothing. If sending fails the claim is removed, so the
 * job's retry sends again. The price: a process that dies between the claim and Telegram's answer leaves a
 * claim with no message, and that day's report is lost (a manager can still send the day's figures with the
 * test button). Sending first and recording after would instead risk the same report twice in the chat, and
 * would leave two concurrent runs nothing to stop each other with but a transaction held open over the call.
 *
 * Telegram refusing the chat (not found, bot removed or blocked) is not retried: the claim is removed, the
 * failure kept as the job's failed record, which the settings card shows and the dispatch honours.
 */
export async function sendCompanyReport(
  app: FastifyInstance,
  companyId: number,
  day: string,
  job?: Pick<JobContext, 'jobId' | 'retryCount'>,
): Promise<ReportOutcome> {
  const client = telegramClientOf(app);
  if (!client) return 'no_bot';
  const db = app.database.background;
  const at = app.clock();
  const claim = await inCompany(
    db,
    companyId,
    async (tx) => {
      const company = await reportCompany(tx, companyId);
      const readers = await reportReaderChats(tx, companyId);
      if (!company || (!company.chatId && !readers.length)) return 'no_chat' as const;
      const [claimed] = await tx
        .insert(telegramReports)
        .values({ companyId, day, chatId: company.chatId ?? PERSONAL_CHATS_ONLY, sentAt: at })
        .onConflictDoNothing()
        .returning({ day: telegramReports.day });
      if (!claimed) return 'already_sent' as const;
      const summary = await daySummary(tx, companyId, day, companyTimeZone(company.datas));
      return { chatId: company.chatId, readers, text: reportText(summary, company) };
    },
    { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS },
  );
  if (typeof claim === 'string') return claim;
  await sendToReaders(app, client, companyId, claim.readers, claim.text);
  if (!claim.chatId) return 'sent';
  try {
    await client.sendMessage(claim.chatId, claim.text);
    return 'sent';
  } catch (error) {
    await inCompany(db, companyId, (tx) =>
      tx.delete(telegramReports).where(and(eq(telegramReports.companyId, companyId), eq(telegramReports.day, day))),
    );
    if (!(error instanceof TelegramRefusedError)) throw error;
    app.log.warn({ companyId, day, telegram: error.description }, 'Telegram refused the daily report');
    if (job) await recordRefusal(app, companyId, job, error, at);
    return 'refused';
  }
}

/** telegram_reports.chat_id of a day sent only to the managers' own chats (the company has no report chat). */
const PERSONAL_CHATS_ONLY = '-';

/**
 * The report to each linked manager's own chat. A chat that fails is logged and, when he blocked the bot,
 * unlinked; it never holds up the company's chat or makes the job retry (the others would get it twice).
 */
async function sendToReaders(
  app: FastifyInstance,
  client: TelegramClient,
  companyId: number,
  readers: readonly { userId: number; chatId: string }[],
  text: string,
) {
  for (const reader of readers) {
    try {
      await client.sendMessage(reader.chatId, text);
    } catch (error) {
      app.log.warn({ err: error, companyId }, 'the daily report did not reach a manager’s Telegram');
      if (error instanceof TelegramRefusedError && (error.errorCode === 403 || error.errorCode === 400)) {
        await inCompany(app.database.background, companyId, (tx) =>
          unlinkTelegram(tx, { id: reader.userId, companyId }, 'blocked'),
        );
      }
    }
  }
}

/** The failed job record of a refused report: the company sees why, and the dispatch does not queue it again. */
async function recordRefusal(
  app: FastifyInstance,
  companyId: number,
  job: Pick<JobContext, 'jobId' | 'retryCount'>,
  error: TelegramRefusedError,
  at: Date,
) {
  const values = { state: 'failed', error: error.message.slice(0, 500), attempts: job.retryCount + 1, updatedAt: at };
  await inCompany(app.database.background, companyId, (tx) =>
    tx
      .insert(jobRecords)
      .values({ companyId, id: job.jobId, name: JOBS.telegramCompanyReport.name, createdAt: at, ...values })
      .onConflictDoUpdate({ target: [jobRecords.companyId, jobRecords.id], set: values }),
  );
}
