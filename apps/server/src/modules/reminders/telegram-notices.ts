import { companyTimeZone, dottedDate, ReminderStatus, zonedDateTime } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, selectRows, type Tx } from '../../db/client.js';
import { activeCompanies } from '../../platform/jobs/companies.js';
import { inCompany } from '../../platform/tenancy.js';
import { BOT_TEXTS, escapeHtml } from '../telegram-bot/bot-texts.js';
import { sendToLinkedUser } from '../telegram-bot/direct-message.js';
import { botClientOf } from '../telegram-bot/updates-source.js';

/**
 * A task that fell due longer ago than this is not news: it sits in the overdue count of the app's header. So a
 * bot configured today, or a chat linked today, does not bring a flood of last month's tasks.
 */
const NOTICE_WINDOW = sql`interval '24 hours'`;
/** At most this many notices of one company per run; the next run (two minutes later) takes the rest. */
const NOTICES_PER_RUN = 200;

interface ClaimedTask {
  id: number;
  title: string;
  due_ms: number;
  assigned_to: number;
  about: string | null;
}

/** Due, active, not yet told by the bot, assigned to someone who linked his chat. */
const dueLinkedTask = (now: Date) => sql`r.status = ${ReminderStatus.active} and r.telegram_sent_at is null
  and r.due_at <= ${now.toISOString()}::timestamptz and r.due_at > ${now.toISOString()}::timestamptz - ${NOTICE_WINDOW}
  and exists (select 1 from telegram_links l where l.company_id = r.company_id and l.user_id = r.assigned_to)`;

/** The companies with such tasks (owner connection, across companies; each one's work then runs in its tenant). */
async function companiesWithDueNotices(db: Db, companyIds: readonly number[], now: Date): Promise<Set<number>> {
  if (!companyIds.length) return new Set();
  const rows = await selectRows<{ company_id: number }>(
    db,
    sql`select distinct r.company_id::int as company_id from reminders r
      where r.company_id in (${sql.join(
        companyIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${dueLinkedTask(now)}`,
  );
  return new Set(rows.map((row) => Number(row.company_id)));
}

/**
 * Marks the company's due tasks as told and answers them with what the task concerns. The mark is set before
 * the message goes, in its own transaction: a second process running the same minute finds the rows marked
 * (or waits on their locks and then finds them marked) and sends nothing. No transaction waits on Telegram.
 */
async function claimDueNotices(tx: Tx, companyId: number, now: Date): Promise<ClaimedTask[]> {
  return selectRows<ClaimedTask>(
    tx,
    sql`with claimed as (
        update reminders set telegram_sent_at = ${now.toISOString()}::timestamptz
        where company_id = ${companyId} and id in (
          select r.id from reminders r where r.company_id = ${companyId} and ${dueLinkedTask(now)}
          order by r.due_at, r.id limit ${NOTICES_PER_RUN} for update skip locked)
        returning id, title, due_at, assigned_to, student_id, lead_id, group_id)
      select c.id::int as id, c.title, (extract(epoch from c.due_at) * 1000)::float8 as due_ms, c.assigned_to::int as assigned_to,
        coalesce(s.name, ld.name, g.name) as about
      from claimed c
      left join users s on s.company_id = ${companyId} and s.id = c.student_id
      left join leads ld on ld.company_id = ${companyId} and ld.id = c.lead_id
      left join groups g on g.company_id = ${companyId} and g.id = c.group_id
      order by c.due_at, c.id`,
  );
}

/** A notice Telegram could not take for now: the next run tries it again (unless the task was told meanwhile). */
const releaseNotice = (tx: Tx, companyId: number, id: number, claimedAt: Date) =>
  tx.execute(sql`update reminders set telegram_sent_at = null
    where company_id = ${companyId} and id = ${id} and telegram_sent_at = ${claimedAt.toISOString()}::timestamptz`);

const dueText = (dueMs: number, timeZone: string) => {
  const { date, time } = zonedDateTime(new Date(Number(dueMs)), timeZone);
  return `${dottedDate(date)} ${time}`;
};

/**
 * Issue 24 (JOBS.reminderTelegram, every two minutes): each staff member who linked the bot is told in his chat
 * when one of his tasks falls due, once per task; a task moved or handed to someone else is told again. Someone
 * who has not linked the bot, or blocked it, has the app's own notice. Answers how many messages went.
 */
export async function sendDueTaskNotices(app: FastifyInstance, only?: readonly number[]): Promise<number> {
  if (!botClientOf(app)) return 0;
  const now = app.clock();
  const companies = await activeCompanies(app.database.background, only);
  const due = await companiesWithDueNotices(
    app.database.background,
    companies.map((company) => company.id),
    now,
  );
  let sent = 0;
  for (const company of companies.filter((c) => due.has(c.id))) {
    const timeZone = companyTimeZone(company.datas);
    const tasks = await inCompany(app.database.db, company.id, (tx) => claimDueNotices(tx, company.id, now));
    for (const task of tasks) {
      const outcome = await sendToLinkedUser(app, company.id, task.assigned_to, (language) =>
        BOT_TEXTS[language].taskDue(
          escapeHtml(task.title),
          dueText(task.due_ms, timeZone),
          task.about ? escapeHtml(task.about) : null,
        ),
      );
      if (outcome === 'sent') sent += 1;
      if (outcome === 'failed') {
        await inCompany(app.database.db, company.id, (tx) => releaseNotice(tx, company.id, task.id, now));
      }
    }
  }
  return sent;
}
