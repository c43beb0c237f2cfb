import { AttendanceMark, type BlogAudience, dottedDate, groupTitle, type Language, Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import type { JOBS } from '../../platform/jobs/registry.js';
import { inCompany } from '../../platform/tenancy.js';
import { excerptOf } from '../blog/excerpt.js';
import { companyTime } from '../lessons/company-time.js';
import { BOT_TEXTS, escapeHtml } from './bot-texts.js';
import { sendToLinkedUser } from './direct-message.js';
import { botClientOf } from './updates-source.js';

export type TelegramNotice = z.infer<(typeof JOBS.telegramNotice)['payload']>;

/** One message to one linked person, and what makes it once (its key). */
interface Notice {
  key: string;
  userId: number;
  compose: (language: Language) => string;
}

/** Who hears of these students: each student himself and his parents, those of them who linked the bot. */
async function linkedOfStudents(
  tx: Tx,
  companyId: number,
  studentIds: readonly number[],
): Promise<{ studentId: number; userId: number }[]> {
  if (!studentIds.length) return [];
  const rows = await selectRows<{ student_id: number; user_id: number }>(
    tx,
    sql`select w.student_id::int as student_id, l.user_id::int as user_id
      from (select ps.student_id, ps.parent_id as user_id from parent_students ps
          where ps.company_id = ${companyId} and ps.student_id = any(${pgArray(studentIds)}::bigint[])
        union select s.id, s.id from unnest(${pgArray(studentIds)}::bigint[]) as s(id)) w
      join telegram_links l on l.company_id = ${companyId} and l.user_id = w.user_id
      join users u on u.company_id = l.company_id and u.id = l.user_id and u.archived_at is null
      order by w.student_id, l.user_id`,
  );
  return rows.map((row) => ({ studentId: Number(row.student_id), userId: Number(row.user_id) }));
}

/** Today's absences of a group's lesson: a mark of another day is history, not news for a parent. */
async function absenceNotices(tx: Tx, n: Extract<TelegramNotice, { kind: 'absence' }>, at: Date): Promise<Notice[]> {
  if ((await companyTime(tx, n.companyId, at)).today !== n.date) return [];
  const absent = await selectRows<{
    student_id: number;
    name: string;
    group_name: string | null;
    code: string;
    start: string;
  }>(
    tx,
    sql`select a.student_id::int as student_id, s.name, g.name as group_name, g.code, left(g.start_time::text, 5) as start
      from attendances a
      join users s on s.company_id = a.company_id and s.id = a.student_id
      join groups g on g.company_id = a.company_id and g.id = a.group_id
      where a.company_id = ${n.companyId} and a.group_id = ${n.groupId} and a.attend_date = ${n.date}
        and a.status = ${AttendanceMark.absent}`,
  );
  const absentOf = new Map(absent.map((row) => [Number(row.student_id), row]));
  const linked = await linkedOfStudents(tx, n.companyId, [...absentOf.keys()]);
  return linked.map(({ studentId, userId }) => {
    const row = absentOf.get(studentId)!;
    const group = escapeHtml(groupTitle({ name: row.group_name, code: row.code }));
    return {
      key: `absence:${n.groupId}:${n.date}:${studentId}`,
      userId,
      compose: (language) => BOT_TEXTS[language].absentToday(escapeHtml(row.name), group, row.start),
    };
  });
}

/** The grade as it stands when the notice goes (a grade removed meanwhile tells nothing). */
async function gradeNotices(tx: Tx, n: Extract<TelegramNotice, { kind: 'grade' }>): Promise<Notice[]> {
  const [row] = await selectRows<{ score: number; max: number; name: string; group_name: string | null; code: string }>(
    tx,
    sql`select gr.score::int as score, coalesce(gs.max_score, 5)::int as max, s.name, g.name as group_name, g.code
      from grades gr
      join users s on s.company_id = gr.company_id and s.id = gr.student_id
      join groups g on g.company_id = gr.company_id and g.id = gr.group_id
      left join grade_settings gs on gs.company_id = gr.company_id
      where gr.company_id = ${n.companyId} and gr.group_id = ${n.groupId} and gr.student_id = ${n.studentId}
        and gr.lesson_date = ${n.date}`,
  );
  if (!row) return [];
  const group = escapeHtml(groupTitle({ name: row.group_name, code: row.code }));
  const date = dottedDate(n.date);
  return (await linkedOfStudents(tx, n.companyId, [n.studentId])).map(({ userId }) => ({
    key: `grade:${n.groupId}:${n.studentId}:${n.date}`,
    userId,
    compose: (language) => BOT_TEXTS[language].gradeGiven(escapeHtml(row.name), row.score, row.max, group, date),
  }));
}

/** The bot's readers of each audience: students and parents (staff read the blog in the app). */
const READERS: Record<BlogAudience, number[]> = {
  all: [Role.student, Role.parent],
  students: [Role.student],
  parents: [Role.parent],
  teachers: [],
  staff: [],
};
const EXCERPT_SHOWN = 300;

/**
 * A post's linked readers, as the blog decides who reads it (blog/audience.ts): the audience's roles, and for a
 * post of one branch only that branch's students and the parents of its students.
 */
async function newsNotices(tx: Tx, n: Extract<TelegramNotice, { kind: 'news' }>): Promise<Notice[]> {
  const [post] = await selectRows<{
    title: string;
    body_html: string;
    audience: BlogAudience;
    branch_id: number | null;
  }>(
    tx,
    sql`select title, body_html, audience, branch_id::int as branch_id from blog_posts
      where company_id = ${n.companyId} and id = ${n.postId}`,
  );
  const roles = post ? READERS[post.audience] : [];
  if (!post || !roles.length) return [];
  const inBranch =
    post.branch_id === null
      ? sql`true`
      : sql`exists (select 1 from user_branches ub where ub.company_id = u.company_id and ub.branch_id = ${post.branch_id}
        and (ub.user_id = u.id or ub.user_id in
          (select ps.student_id from parent_students ps where ps.company_id = u.company_id and ps.parent_id = u.id)))`;
  const readers = await selectRows<{ user_id: number }>(
    tx,
    sql`select l.user_id::int as user_id from telegram_links l
      join users u on u.company_id = l.company_id and u.id = l.user_id and u.archived_at is null
      where l.company_id = ${n.companyId} and u.roles && ${`{${roles.join(',')}}`}::smallint[] and ${inBranch}`,
  );
  const title = escapeHtml(post.title);
  const excerpt = escapeHtml(excerptOf(post.body_html).slice(0, EXCERPT_SHOWN));
  return readers.map((reader) => ({
    key: `news:${n.postId}`,
    userId: Number(reader.user_id),
    compose: (language) => BOT_TEXTS[language].news(title, excerpt),
  }));
}

function noticesOf(tx: Tx, notice: TelegramNotice, at: Date): Promise<Notice[]> {
  if (notice.kind === 'absence') return absenceNotices(tx, notice, at);
  if (notice.kind === 'grade') return gradeNotices(tx, notice);
  return newsNotices(tx, notice);
}

/** Claims a notice for a person: false when he has had it (or another process is sending it). */
async function claim(tx: Tx, companyId: number, key: string, userId: number): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`insert into telegram_notices (company_id, notice_key, user_id) values (${companyId}, ${key}, ${userId})
      on conflict do nothing returning user_id`,
  );
  return rows.length > 0;
}

const release = (tx: Tx, companyId: number, key: string, userId: number) =>
  tx.execute(sql`delete from telegram_notices
    where company_id = ${companyId} and notice_key = ${key} and user_id = ${userId}`);

/**
 * JOBS.telegramNotice (issue 24): the bot tells linked students and parents of an absence today, a new grade or
 * news — what the product never sent by SMS (it would cost the centre), now free. Each person hears of each
 * thing once: claimed first, so a retry or a second process sends nothing twice; a message Telegram could not
 * take is released and the job fails, so its retry sends the rest. Answers how many went.
 */
export async function sendTelegramNotice(app: FastifyInstance, notice: TelegramNotice): Promise<number> {
  if (!botClientOf(app)) return 0;
  const { companyId } = notice;
  const notices = await inCompany(app.database.db, companyId, (tx) => noticesOf(tx, notice, app.clock()));
  let sent = 0;
  let failed = 0;
  for (const { key, userId, compose } of notices) {
    if (!(await inCompany(app.database.db, companyId, (tx) => claim(tx, companyId, key, userId)))) continue;
    const outcome = await sendToLinkedUser(app, companyId, userId, compose);
    if (outcome === 'sent') sent += 1;
    if (outcome === 'failed') {
      failed += 1;
      await inCompany(app.database.db, companyId, (tx) => release(tx, companyId, key, userId));
    }
  }
  if (failed) throw new Error(`telegram notice: ${failed} message(s) not taken by Telegram; retried`);
  return sent;
}
