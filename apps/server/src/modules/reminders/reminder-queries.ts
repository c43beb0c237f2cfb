import {
  groupTitle,
  REMINDERS_PER_PAGE,
  type Reminder,
  type ReminderBucket,
  type ReminderBucketPage,
  type ReminderCounts,
  type ReminderList,
  type ReminderListFilters,
  ReminderStatus,
  zonedDateTime,
} from '@crm/contracts';
import { and, asc, desc, eq, exists, gte, ilike, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { groups, leads, reminders, reminderTags, tags, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { listPoliciesOf, policiesOf, type TaskClock, visibleTasks } from './reminder-scope.js';

const assignee = alias(users, 'reminder_assignee');
const author = alias(users, 'reminder_author');
const student = alias(users, 'reminder_student');

type TagRef = { id: number; name: string; color: string | null };

/** A task's tags by name, in one sub-select (a page holds at most 100 tasks). */
const tagsOfTask = sql<TagRef[]>`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name}, ${tags.id})
  from ${reminderTags} join ${tags} on ${tags.companyId} = ${reminderTags.companyId} and ${tags.id} = ${reminderTags.tagId}
  where ${reminderTags.companyId} = ${reminders.companyId} and ${reminderTags.reminderId} = ${reminders.id}
), '[]'::json)`;

const sameCompany = (table: { companyId: AnyPgColumn }) => eq(table.companyId, reminders.companyId);

/** Tasks with the names of whom and what they concern, as they are now. */
function taskRows(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      task: reminders,
      assigneeName: assignee.name,
      authorName: author.name,
      studentName: student.name,
      leadName: leads.name,
      // Flat: drizzle would read a nested object whose first column is null (an unnamed group) as no group.
      groupName: groups.name,
      groupCode: groups.code,
      tags: tagsOfTask,
    })
    .from(reminders)
    .leftJoin(assignee, and(sameCompany(assignee), eq(assignee.id, reminders.assignedTo)))
    .leftJoin(author, and(sameCompany(author), eq(author.id, reminders.createdBy)))
    .leftJoin(student, and(sameCompany(student), eq(student.id, reminders.studentId)))
    .leftJoin(leads, and(eq(leads.companyId, reminders.companyId), eq(leads.id, reminders.leadId)))
    .leftJoin(groups, and(eq(groups.companyId, reminders.companyId), eq(groups.id, reminders.groupId)))
    .where(where);
}

type TaskRow = Awaited<ReturnType<typeof taskRows>>[number];

const refOf = (id: number | null, name: string | null | undefined) => (id === null ? null : { id, name: name ?? '' });

export function toReminder(row: TaskRow, actor: Actor, clock: Pick<TaskClock, 'now' | 'timeZone'>): Reminder {
  const { task } = row;
  const due = zonedDateTime(task.dueAt, clock.timeZone);
  const done = task.status === ReminderStatus.done;
  return {
    id: task.id,
    status: task.status,
    state: done ? 'done' : task.dueAt < clock.now ? 'overdue' : 'active',
    title: task.title,
    description: task.description,
    date: due.date,
    time: due.time,
    due_at: task.dueAt.toISOString(),
    assigned_to: refOf(task.assignedTo, row.assigneeName),
    created_by: refOf(task.createdBy, row.authorName),
    result_comment: task.resultComment,
    tags: row.tags,
    student: refOf(task.studentId, row.studentName),
    lead: refOf(task.leadId, row.leadName),
    group:
      task.groupId === null
        ? null
        : { id: task.groupId, name: row.groupCode ? groupTitle({ name: row.groupName, code: row.groupCode }) : '' },
    branch_id: task.branchId,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    policies: policiesOf(actor, task),
  };
}

/** One task the caller sees (404 otherwise: another company's, or a teacher's colleague's). */
export async function findTask(tx: Tx, actor: Actor, id: number, clock: Pick<TaskClock, 'now' | 'timeZone'>) {
  const [row] = await taskRows(tx, and(...visibleTasks(actor), eq(reminders.id, id)));
  if (!row) throw notFound();
  return toReminder(row, actor, clock);
}

/** Spec §4: done; active and past its moment; active later today; active on a later day. */
function bucketConditions(clock: TaskClock): Record<ReminderBucket, SQL> {
  const active = eq(reminders.status, ReminderStatus.active);
  return {
    done: eq(reminders.status, ReminderStatus.done),
    overdue: and(active, lt(reminders.dueAt, clock.now)) as SQL,
    today: and(active, gte(reminders.dueAt, clock.now), lt(reminders.dueAt, clock.tomorrowStart)) as SQL,
    future: and(active, gte(reminders.dueAt, clock.tomorrowStart)) as SQL,
  };
}

/** The buckets a status filter shows (spec §5: active by default). */
const BUCKETS_OF: Record<ReminderListFilters['status'], ReminderBucket[]> = {
  active: ['overdue', 'today', 'future'],
  done: ['done'],
  overdue: ['overdue'],
  all: ['overdue', 'today', 'future', 'done'],
};

/** The oldest overdue task first, the next due first; the latest finished first. */
const ORDER_OF: Record<ReminderBucket, SQL[]> = {
  overdue: [asc(reminders.dueAt), asc(reminders.id)],
  today: [asc(reminders.dueAt), asc(reminders.id)],
  future: [asc(reminders.dueAt), asc(reminders.id)],
  done: [desc(reminders.updatedAt), desc(reminders.id)],
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(filters: ReminderListFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    where.push(or(ilike(reminders.title, pattern), ilike(reminders.description, pattern)) as SQL);
  }
  if (filters.assigned_to !== undefined) where.push(eq(reminders.assignedTo, filters.assigned_to));
  if (filters.student_id !== undefined) where.push(eq(reminders.studentId, filters.student_id));
  if (filters.lead_id !== undefined) where.push(eq(reminders.leadId, filters.lead_id));
  if (filters.group_id !== undefined) where.push(eq(reminders.groupId, filters.group_id));
  if (filters.tag_id !== undefined) {
    const tagId = filters.tag_id;
    where.push(
      exists(
        sql`(select 1 from ${reminderTags} where ${reminderTags.companyId} = ${reminders.companyId}
          and ${reminderTags.reminderId} = ${reminders.id} and ${reminderTags.tagId} = ${tagId})`,
      ),
    );
  }
  return where;
}

const emptyBucket = (): ReminderBucketPage => ({
  data: [],
  meta: { total: 0, current_page: 1, last_page: 1, per_page: REMINDERS_PER_PAGE },
});

/** POST /reminder/index: the four buckets of spec §3, each with its page and meta (100 a page). */
export async function listTasks(
  tx: Tx,
  actor: Actor,
  branchId: number | undefined,
  filters: ReminderListFilters,
  clock: TaskClock,
): Promise<ReminderList> {
  const base = [...visibleTasks(actor, branchId), ...filterConditions(filters)];
  const conditions = bucketConditions(clock);
  const shown = BUCKETS_OF[filters.status];
  const [totals] = await tx
    .select(
      Object.fromEntries(
        shown.map((bucket) => [bucket, sql<number>`(count(*) filter (where ${conditions[bucket]}))::int`]),
      ),
    )
    .from(reminders)
    .where(and(...base));
  const answer: ReminderList = {
    done: emptyBucket(),
    overdue: emptyBucket(),
    today: emptyBucket(),
    future: emptyBucket(),
    policies: listPoliciesOf(actor),
  };
  for (const bucket of shown) {
    const total = Number(totals?.[bucket] ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / REMINDERS_PER_PAGE));
    const page = Math.min(filters.pages[bucket] ?? 1, lastPage);
    const rows = total
      ? await taskRows(tx, and(...base, conditions[bucket]))
          .orderBy(...ORDER_OF[bucket])
          .limit(REMINDERS_PER_PAGE)
          .offset((page - 1) * REMINDERS_PER_PAGE)
      : [];
    answer[bucket] = {
      data: rows.map((row) => toReminder(row, actor, clock)),
      meta: { total, current_page: page, last_page: lastPage, per_page: REMINDERS_PER_PAGE },
    };
  }
  return answer;
}

/** How many tasks the app tells of at once; more wait for the next minute. */
const DUE_NOW_MAX = 20;

/**
 * GET /reminder/counts: the caller's own active tasks (assigned to him, in his branches) of today and
 * overdue, and those that became due today that the app has not told him of yet.
 */
export async function countOwnTasks(tx: Tx, actor: Actor, clock: TaskClock): Promise<ReminderCounts> {
  const own = and(...visibleTasks(actor), eq(reminders.assignedTo, actor.id));
  const { overdue, today } = bucketConditions(clock);
  const [counts] = await tx
    .select({
      overdue: sql<number>`(count(*) filter (where ${overdue}))::int`,
      today: sql<number>`(count(*) filter (where ${today}))::int`,
    })
    .from(reminders)
    .where(and(own, eq(reminders.status, ReminderStatus.active), lt(reminders.dueAt, clock.tomorrowStart)));
  const due = await tx
    .select({ id: reminders.id, title: reminders.title, dueAt: reminders.dueAt })
    .from(reminders)
    .where(
      and(
        own,
        eq(reminders.status, ReminderStatus.active),
        isNull(reminders.notifiedAt),
        lte(reminders.dueAt, clock.now),
        // A task that fell due on an earlier day is in the overdue count already; no notice for it.
        gte(reminders.dueAt, clock.todayStart),
      ),
    )
    .orderBy(asc(reminders.dueAt), asc(reminders.id))
    .limit(DUE_NOW_MAX);
  return {
    available: true,
    overdue: Number(counts?.overdue ?? 0),
    today: Number(counts?.today ?? 0),
    due_now: due.map((task) => {
      const { date, time } = zonedDateTime(task.dueAt, clock.timeZone);
      return { id: task.id, title: task.title, date, time };
    }),
  };
}
