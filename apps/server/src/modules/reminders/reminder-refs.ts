import {
  ACCESS,
  ALWAYS_ALLOWED,
  GroupStatus,
  groupTitle,
  REMINDER_OPTIONS_MAX,
  type ReminderOptionKind,
  type ReminderRef,
  Role,
  type RoleId,
  StudentStatus,
  TagType,
} from '@crm/contracts';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupStudents, groups, leads, tags, userBranches, users } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { FieldRefusal, forbidden } from '../../platform/errors.js';
import { managesTasks } from './reminder-scope.js';

/** Who may be given a task: whoever works with reminders (spec §6), owner and CEO included. */
const TASK_ROLES: RoleId[] = [...ALWAYS_ALLOWED, ...ACCESS.reminders];
/** Owner and CEO work in every branch, whatever their own branch list says. */
const EVERY_BRANCH_ROLES: RoleId[] = [...ALWAYS_ALLOWED];

const refuse = (field: string) => new FieldRefusal([{ field, rule: 'invalid_value', sentence: 'invalid_value' }]);

/** What a task refers to: the ids a form sends. */
export interface TaskRefs {
  assigned_to: number;
  tag_ids: number[];
  student_id: number | null;
  lead_id: number | null;
  group_id: number | null;
}

const worksInBranch = (branchId: number): SQL =>
  or(
    arrayOverlaps(users.roles, EVERY_BRANCH_ROLES),
    exists(
      sql`(select 1 from ${userBranches} where ${userBranches.companyId} = ${users.companyId}
        and ${userBranches.userId} = ${users.id} and ${userBranches.branchId} = ${branchId})`,
    ),
  ) as SQL;

/** The groups a teacher may attach a task to: his own. */
const teachesGroup = (actor: Actor): SQL =>
  and(eq(groups.teacherId, actor.id), ne(groups.status, GroupStatus.archive)) as SQL;

/** A student of one of the teacher's groups (not one who left it). */
const learnsWithTeacher = (actor: Actor): SQL =>
  exists(
    sql`(select 1 from ${groupStudents} join ${groups} on ${groups.companyId} = ${groupStudents.companyId}
      and ${groups.id} = ${groupStudents.groupId}
      where ${groupStudents.companyId} = ${users.companyId} and ${groupStudents.studentId} = ${users.id}
      and ${groupStudents.status} <> ${StudentStatus.archived} and ${teachesGroup(actor)})`,
  );

const hasRow = async (query: Promise<{ n: number }[]>) => ((await query)[0]?.n ?? 0) > 0;

/**
 * Refuses (400, by field) what a task may not point at: an assignee who does not work with tasks in its
 * branch, tags that are not task tags of the company, a student, lead or group that is not there. A teacher
 * gives tasks to himself only (403) and attaches them to his own groups and their students, never a lead.
 * Only what changed is checked: an edit of the title keeps an assignee archived since.
 */
export async function checkTaskRefs(tx: Tx, actor: Actor, branchId: number, next: TaskRefs, before?: TaskRefs) {
  const changed = <K extends keyof TaskRefs>(key: K) => !before || before[key] !== next[key];
  const manager = managesTasks(actor);
  if (!manager && next.assigned_to !== actor.id && changed('assigned_to')) throw forbidden();
  if (changed('assigned_to') && next.assigned_to !== actor.id) {
    const ok = await hasRow(
      tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.companyId, actor.companyId),
            eq(users.id, next.assigned_to),
            isNull(users.archivedAt),
            arrayOverlaps(users.roles, TASK_ROLES),
            worksInBranch(branchId),
          ),
        ),
    );
    if (!ok) throw refuse('assigned_to');
  }
  const newTags = next.tag_ids.filter((id) => !before?.tag_ids.includes(id));
  if (newTags.length) {
    const [found] = await tx
      .select({ n: count() })
      .from(tags)
      .where(and(eq(tags.companyId, actor.companyId), eq(tags.type, TagType.task), inArray(tags.id, newTags)));
    if ((found?.n ?? 0) !== newTags.length) throw refuse('tag_ids');
  }
  if (next.student_id !== null && changed('student_id')) {
    const ok = await hasRow(
      tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.companyId, actor.companyId),
            eq(users.id, next.student_id),
            arrayContains(users.roles, [Role.student]),
            manager ? undefined : learnsWithTeacher(actor),
          ),
        ),
    );
    if (!ok) throw refuse('student_id');
  }
  if (next.lead_id !== null && changed('lead_id')) {
    if (!manager) throw refuse('lead_id');
    const ok = await hasRow(
      tx
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.companyId, actor.companyId), eq(leads.id, next.lead_id))),
    );
    if (!ok) throw refuse('lead_id');
  }
  if (next.group_id !== null && changed('group_id')) {
    const ok = await hasRow(
      tx
        .select({ n: count() })
        .from(groups)
        .where(
          and(
            eq(groups.companyId, actor.companyId),
            eq(groups.id, next.group_id),
            manager ? undefined : teachesGroup(actor),
          ),
        ),
    );
    if (!ok) throw refuse('group_id');
  }
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Of the branch asked for (one of the caller's), else of any of his branches. */
function inBranches(actor: Actor, branchId: number | undefined, column: SQL): SQL | undefined {
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    return sql`${column} = ${branchId}`;
  }
  const ids = branchFilterOf(actor);
  return ids ? sql`${column} in ${ids.length ? ids : [-1]}` : undefined;
}

const personBranch = (actor: Actor, branchId: number | undefined) => {
  const branches = inBranches(actor, branchId, sql`${userBranches.branchId}`);
  return branches
    ? exists(
        sql`(select 1 from ${userBranches} where ${userBranches.companyId} = ${users.companyId}
          and ${userBranches.userId} = ${users.id} and ${branches})`,
      )
    : undefined;
};

/**
 * GET /reminder/options: the form's pickers, by name or phone, at most REMINDER_OPTIONS_MAX. The same rules
 * as checkTaskRefs: a teacher is offered himself, his groups and their students, and no leads (403).
 */
export async function listTaskOptions(
  tx: Tx,
  actor: Actor,
  kind: ReminderOptionKind,
  search: string | undefined,
  branchId: number | undefined,
): Promise<ReminderRef[]> {
  const manager = managesTasks(actor);
  const pattern = search ? likePattern(search) : undefined;
  const personMatch = pattern ? or(ilike(users.name, pattern), ilike(users.phone, pattern)) : undefined;
  const people = (where: SQL | undefined) =>
    tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), isNull(users.archivedAt), personMatch, where))
      .orderBy(asc(users.name), asc(users.id))
      .limit(REMINDER_OPTIONS_MAX);

  if (kind === 'assignee') {
    if (!manager) return [{ id: actor.id, name: actor.name }];
    const branch = branchId ?? null;
    return people(
      and(
        arrayOverlaps(users.roles, TASK_ROLES),
        branch === null ? personBranch(actor, undefined) : worksInBranch(branch),
      ),
    );
  }
  if (kind === 'student') {
    return people(
      and(
        arrayContains(users.roles, [Role.student]),
        manager ? personBranch(actor, branchId) : learnsWithTeacher(actor),
      ),
    );
  }
  if (kind === 'lead') {
    if (!manager) throw forbidden();
    const match = pattern ? or(ilike(leads.name, pattern), ilike(leads.phone, pattern)) : undefined;
    return tx
      .select({ id: leads.id, name: leads.name })
      .from(leads)
      .where(
        and(
          eq(leads.companyId, actor.companyId),
          isNull(leads.archivedAt),
          match,
          inBranches(actor, branchId, sql`${leads.branchId}`),
        ),
      )
      .orderBy(asc(leads.name), asc(leads.id))
      .limit(REMINDER_OPTIONS_MAX);
  }
  const match = pattern ? or(ilike(groups.name, pattern), ilike(groups.code, pattern)) : undefined;
  const rows = await tx
    .select({ id: groups.id, name: groups.name, code: groups.code })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, actor.companyId),
        ne(groups.status, GroupStatus.archive),
        match,
        manager ? inBranches(actor, branchId, sql`${groups.branchId}`) : teachesGroup(actor),
      ),
    )
    .orderBy(asc(groups.code), asc(groups.id))
    .limit(REMINDER_OPTIONS_MAX);
  return rows.map((group) => ({ id: group.id, name: groupTitle(group) }));
}
