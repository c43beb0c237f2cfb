import {
  canAccess,
  companyDay,
  companyTimeZone,
  type TelegramReportSettings,
  type TelegramReportUpdate,
} from '@crm/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TelegramRefusedError, TelegramUnavailableError } from '../../adapters/telegram/telegram-client.js';
import type { Tx } from '../../db/client.js';
import { companies, jobRecords, telegramReports } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { reportText } from './report-text.js';
import { reportCompany, telegramClientOf } from './sending.js';
import { daySummary } from './summary.js';

/** GET /telegram-report: the chat, whether this server has a bot, and how the last report went. */
export async function getTelegramReport(app: FastifyInstance, tx: Tx, actor: Actor): Promise<TelegramReportSettings> {
  const company = await reportCompany(tx, actor.companyId);
  if (!company) throw notFound();
  const [sent] = await tx
    .select({ day: telegramReports.day, sentAt: telegramReports.sentAt })
    .from(telegramReports)
    .where(eq(telegramReports.companyId, actor.companyId))
    .orderBy(desc(telegramReports.day))
    .limit(1);
  // Both a refused chat (recorded by the job) and Telegram down past every retry (the queue's dead letter).
  const [failed] = await tx
    .select({ at: jobRecords.updatedAt, reason: jobRecords.error })
    .from(jobRecords)
    .where(
      and(
        eq(jobRecords.companyId, actor.companyId),
        eq(jobRecords.name, JOBS.telegramCompanyReport.name),
        eq(jobRecords.state, 'failed'),
      ),
    )
    .orderBy(desc(jobRecords.updatedAt))
    .limit(1);
  const failedLast = failed && (!sent || failed.at > sent.sentAt);
  return {
    chat_id: company.chatId,
    bot_configured: app.messaging.telegram.botToken !== null,
    last_sent: sent ? { day: sent.day, sent_at: sent.sentAt.toISOString() } : null,
    last_failure: failedLast ? { at: failed.at.toISOString(), reason: failed.reason ?? '' } : null,
    policies: { edit: canAccess('settings', actor.roles) },
  };
}

/** PUT /telegram-report: sets or removes the chat; a change is a company settings event in the history. */
export async function updateTelegramReport(
  app: FastifyInstance,
  tx: Tx,
  actor: Actor,
  input: TelegramReportUpdate,
): Promise<TelegramReportSettings> {
  const [row] = await tx
    .select({ chatId: companies.telegramReportId })
    .from(companies)
    .where(eq(companies.id, actor.companyId))
    .for('update');
  if (!row) throw notFound();
  const after = input.chat_id;
  if (row.chatId !== after) {
    await tx.update(companies).set({ telegramReportId: after }).where(eq(companies.id, actor.companyId));
    // The same shape as the company module's settings events: the changed keys before and after.
    await recordHistory(tx, actor, {
      event: 'companySettingsChanged',
      entity: 'company',
      entityId: actor.companyId,
      data: { before: { telegram_report_id: row.chatId }, after: { telegram_report_id: after } },
    });
  }
  return getTelegramReport(app, tx, actor);
}

/**
 * POST /telegram-report/test: today's figures so far, sent now, marked as a test and recorded nowhere — the
 * day's real report still goes at the end of the working day. The message is sent after the request's
 * transaction (`tenant` is called once, to read), so no transaction waits on Telegram.
 */
export async function sendTestReport(
  app: FastifyInstance,
  tenant: <T>(work: (tx: Tx, actor: Actor) => Promise<T>) => Promise<T>,
): Promise<{ ok: true }> {
  const client = telegramClientOf(app);
  const message = await tenant(async (tx, actor) => {
    const company = await reportCompany(tx, actor.companyId);
    if (!company) throw notFound();
    if (!client || !company.chatId) throw new AppError(409, 'telegram_not_configured');
    const day = companyDay(company.datas, app.clock());
    const summary = await daySummary(tx, actor.companyId, day, companyTimeZone(company.datas));
    return { chatId: company.chatId, text: reportText(summary, company, { test: true }) };
  });
  try {
    await client?.sendMessage(message.chatId, message.text);
  } catch (error) {
    if (error instanceof TelegramRefusedError) {
      throw new AppError(409, 'telegram_chat_refused', { description: error.description });
    }
    if (error instanceof TelegramUnavailableError) throw new AppError(502, 'telegram_unavailable');
    throw error;
  }
  return { ok: true };
}
