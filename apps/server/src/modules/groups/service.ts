import {
  addMonths,
  companyDatasSchema,
  type DayType,
  type FieldError,
  type Group,
  type GroupCreate,
  type GroupListQuery,
  GroupStatus,
  type GroupUpdate,
  groupCode,
  groupScheduleProblems,
  lessonStepOf,
  localDate,
  paginate,
  Role,
  RUNNING_GROUP_STATUSES,
  weekdaysOf,
} from '@crm/contracts';
import { and, asc, count, eq, gte, ilike, isNull, lte, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, courses, groups, rooms, userBranches, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { releaseReminderLinks } from '../reminders/reminder-links.js';
import { assertGroupEditor, findVisibleGroup, type GroupRow, groupScope } from './group-scope.js';
import { groupViewQuery, loadGroup, toGroup } from './group-view.js';
import { assertNoScheduleConflict } from './schedule-conflicts.js';

/** A 400 validation_failed naming the fields, in the shape the web puts under its form fields. */
export const invalidFields = (problems: FieldError[]) => new AppError(400, 'validation_failed', problems);
export const invalidField = (field: string, rule: string, message: string) => invalidFields([{ field, rule, message }]);

/** The company settings that shape a schedule (spec §9 step, shared info working hours). */
export async function scheduleSettings(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ datas: companies.datas, dayStart: companies.startOfWorkingDay, dayEnd: companies.endOfWorkingDay })
    .from(companies)
    .where(eq(companies.id, companyId));
  const datas = companyDatasSchema.parse(row?.datas ?? {});
  return {
    step: lessonStepOf(datas.lesson_start_time_step_five_minutes),
    dayStart: row?.dayStart ?? '08:00',
    dayEnd: row?.dayEnd ?? '20:00',
  };
}

/* ------------------------------------------------------------------ list */

function listFilters(actor: Actor, query: Omit<GroupListQuery, 'page' | 'per_page'>): SQL[] {
  const filters = groupScope(actor, query.branch_id);
  if (query.status !== undefined) filters.push(eq(groups.status, query.status));
  else filters.push(ne(groups.status, GroupStatus.archive));
  if (query.teacher_id !== undefined) filters.push(eq(groups.teacherId, query.teacher_id));
  if (query.course_id !== undefined) filters.push(eq(groups.courseId, query.course_id));
  if (query.room_id !== undefined) filters.push(eq(groups.roomId, query.room_id));
  const dayType = query.day_type ?? query.days;
  if (dayType !== undefined) filters.push(eq(groups.dayType, dayType));
  if (query.name) {
    const pattern = `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(groups.name, pattern), ilike(groups.code, pattern), ilike(courses.name, pattern)) as SQL);
  }
  // Groups that run at some time in the period: started by its end, not ended before its start.
  if (query.date_end) filters.push(lte(groups.startDate, query.date_end));
  if (query.date_start) filters.push(or(isNull(groups.endDate), gte(groups.endDate, query.date_start)) as SQL);
  return filters;
}

const listOrder = [asc(groups.startTime), asc(groups.id)];

export async function listGroups(tx: Tx, actor: Actor, query: GroupListQuery) {
  const where = and(...listFilters(actor, query));
  const [total] = await tx
    .select({ n: count() })
    .from(groups)
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .where(where);
  const rows = await groupViewQuery(tx)
    .where(where)
    .orderBy(...listOrder)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const today = localDate();
  const data = rows.map((row) => toGroup(row, today));
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}

/** Every group of the list's filters, for the export (bounded: a company has hundreds, not millions). */
export async function listAllGroups(tx: Tx, actor: Actor, query: Omit<GroupListQuery, 'page' | 'per_page'>) {
  const rows = await groupViewQuery(tx)
    .where(and(...listFilters(actor, query)))
    .orderBy(...listOrder)
    .limit(10_000);
  const today = localDate();
  return rows.map((row) => toGroup(row, today));
}

export async function getGroup(tx: Tx, actor: Actor, id: number): Promise<Group> {
  await findVisibleGroup(tx, actor, id);
  return loadGroup(tx, actor.companyId, id);
}

/* ------------------------------------------------------------------ create and edit */

/** The group's fields after a create or an edit, before they are written. */
type GroupDraft = Omit<GroupRow, 'id' | 'code' | 'orderNumber' | 'dayType'> & { dayType: DayType };

async function findCourse(tx: Tx, companyId: number, courseId: number) {
  const [course] = await tx
    .select({ id: courses.id, name: courses.name, code: courses.code, durationMonths: courses.durationMonths })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
  if (!course) throw invalidField('course_id', 'not_found', 'No such course');
  return course;
}

/** Spec §3: the teacher must be a working (not archived) teacher of the group's branch. */
export async function assertTeacherOfBranch(tx: Tx, companyId: number, teacherId: number, branchId: number) {
  const [teacher] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(
      userBranches,
      and(
        eq(userBranches.companyId, users.companyId),
        eq(userBranches.userId, users.id),
        eq(userBranches.branchId, branchId),
      ),
    )
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.id, teacherId),
        isNull(users.archivedAt),
        sql`${Role.teacher} = any(${users.roles})`,
      ),
    );
  if (!teacher) throw new AppError(400, 'not_a_teacher', { field: 'teacher_id' });
  return teacher;
}

export async function assertRoomOfBranch(tx: Tx, companyId: number, roomId: number, branchId: number) {
  const [room] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId), eq(rooms.branchId, branchId)));
  if (!room) throw invalidField('room_id', 'not_found', 'No such room in this branch');
}

/** Spec §4: the n-th group of a course gets number n in its generated code. */
export async function nextOrderNumber(tx: Tx, companyId: number, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: max(groups.orderNumber) })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.courseId, courseId)));
  return (row?.n ?? 0) + 1;
}

/** The last day of a course that starts on `start` and lasts `months` months. */
export const courseEndDate = (start: string, months: number): string => {
  const end = new Date(`${addMonths(start, months)}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
};

async function validateDraft(tx: Tx, companyId: number, draft: GroupDraft, exactDays: number[] | null) {
  const { step } = await scheduleSettings(tx, companyId);
  const problems = groupScheduleProblems(
    {
      day_type: draft.dayType,
      exact_days: exactDays,
      start_time: draft.startTime,
      end_time: draft.endTime,
      start_date: draft.startDate,
      end_date: draft.endDate,
    },
    step,
  );
  if (problems.length) throw invalidFields(problems);
}

const slotOf = (draft: GroupDraft, excludeGroupId?: number) => ({
  excludeGroupId,
  roomId: draft.roomId,
  teacherId: draft.teacherId,
  weekdays: draft.days,
  startTime: draft.startTime,
  endTime: draft.endTime,
  dateFrom: draft.startDate,
  dateTo: draft.endDate,
});

const isRunning = (status: number) => (RUNNING_GROUP_STATUSES as readonly number[]).includes(status);

export async function createGroup(tx: Tx, actor: Actor, input: GroupCreate): Promise<Group> {
  assertGroupEditor(actor);
  assertBranch(actor, input.branch_id);
  const course = await findCourse(tx, actor.companyId, input.course_id);
  const exactDays = input.day_type === 'other' ? (input.exact_days ?? []) : null;
  const draft: GroupDraft = {
    branchId: input.branch_id,
    courseId: course.id,
    teacherId: input.teacher_id,
    roomId: input.room_id ?? null,
    name: input.name?.trim() || null,
    dayType: input.day_type,
    days: weekdaysOf(input.day_type, exactDays),
    startTime: input.start_time,
    endTime: input.end_time,
    startDate: input.start_date,
    endDate:
      input.end_date === undefined && course.durationMonths
        ? courseEndDate(input.start_date, course.durationMonths)
        : (input.end_date ?? null),
    // A group that has not started yet is still gathering students (spec §4 "selection").
    status: input.status ?? (input.start_date > localDate() ? GroupStatus.selection : GroupStatus.active),
  };
  await validateDraft(tx, actor.companyId, draft, exactDays);
  await assertTeacherOfBranch(tx, actor.companyId, draft.teacherId, draft.branchId);
  if (draft.roomId !== null) await assertRoomOfBranch(tx, actor.companyId, draft.roomId, draft.branchId);
  // The lock taken here also serialises the order numbers of the generated codes.
  if (isRunning(draft.status)) await assertNoScheduleConflict(tx, actor.companyId, slotOf(draft));

  const orderNumber = await nextOrderNumber(tx, actor.companyId, course.id);
  const [row] = await tx
    .insert(groups)
    .values({ companyId: actor.companyId, ...draft, orderNumber, code: groupCode(course, orderNumber) })
    .returning({ id: groups.id });
  if (!row) throw new Error('group insert returned no row');
  const group = await loadGroup(tx, actor.companyId, row.id);
  await recordHistory(tx, actor, {
    event: 'groupCreated',
    entity: 'group',
    entityId: group.id,
    branchId: group.branch_id,
    data: { title: group.title, course_id: group.course.id, teacher_id: group.teacher.id, room_id: group.room?.id },
  });
  return group;
}

const draftOf = ({ id: _id, code: _code, orderNumber: _order, ...row }: GroupRow): GroupDraft => ({
  ...row,
  dayType: row.dayType as DayType,
});

/** History speaks the API's field names (startTime → start_time). */
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The fields whose change can make a schedule conflict. */
const SCHEDULE_FIELDS = ['teacherId', 'roomId', 'days', 'startTime', 'endTime', 'startDate', 'endDate'] as const;

export async function updateGroup(tx: Tx, actor: Actor, id: number, input: GroupUpdate): Promise<Group> {
  assertGroupEditor(actor);
  const current = await findVisibleGroup(tx, actor, id, true);
  const before = draftOf(current);
  const dayType = input.day_type ?? before.dayType;
  const exactDays = dayType === 'other' ? (input.exact_days ?? (before.dayType === 'other' ? before.days : [])) : null;
  const course = await findCourse(tx, actor.companyId, input.course_id ?? before.courseId);
  const startDate = input.start_date ?? before.startDate;
  let endDate = input.end_date === undefined ? before.endDate : input.end_date;
  // A new course or start date with no end date given: the end follows the course's duration again.
  if (
    input.end_date === undefined &&
    (input.course_id !== undefined || input.start_date !== undefined) &&
    course.durationMonths
  )
    endDate = courseEndDate(startDate, course.durationMonths);

  const after: GroupDraft = {
    ...before,
    courseId: course.id,
    teacherId: input.teacher_id ?? before.teacherId,
    roomId: input.room_id === undefined ? before.roomId : input.room_id,
    name: input.name === undefined ? before.name : input.name?.trim() || null,
    dayType,
    days: input.day_type !== undefined || input.exact_days !== undefined ? weekdaysOf(dayType, exactDays) : before.days,
    startTime: input.start_time ?? before.startTime,
    endTime: input.end_time ?? before.endTime,
    startDate,
    endDate,
    status: input.status ?? before.status,
  };
  await validateDraft(tx, actor.companyId, after, exactDays);
  if (after.teacherId !== before.teacherId)
    await assertTeacherOfBranch(tx, actor.companyId, after.teacherId, after.branchId);
  if (after.roomId !== null && after.roomId !== before.roomId)
    await assertRoomOfBranch(tx, actor.companyId, after.roomId, after.branchId);

  const scheduleChanged = SCHEDULE_FIELDS.some((f) => JSON.stringify(after[f]) !== JSON.stringify(before[f]));
  const reopened = !isRunning(before.status) && isRunning(after.status);
  if (isRunning(after.status) && (scheduleChanged || reopened))
    await assertNoScheduleConflict(tx, actor.companyId, slotOf(after, id));

  const recode = after.courseId !== before.courseId;
  const orderNumber = recode ? await nextOrderNumber(tx, actor.companyId, after.courseId) : current.orderNumber;
  await tx
    .update(groups)
    .set({
      ...after,
      ...(recode ? { orderNumber, code: groupCode(course, orderNumber) } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(groups.companyId, actor.companyId), eq(groups.id, id)));

  const changed = (Object.keys(after) as (keyof GroupDraft)[]).filter(
    (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  const group = await loadGroup(tx, actor.companyId, id);
  await recordHistory(tx, actor, {
    event: 'groupEdited',
    entity: 'group',
    entityId: id,
    branchId: group.branch_id,
    data: {
      title: group.title,
      before: Object.fromEntries(changed.map((key) => [snakeCase(key), before[key]])),
      after: Object.fromEntries(changed.map((key) => [snakeCase(key), after[key]])),
    },
  });
  return group;
}

/** Spec §4: DELETE archives a group (status 3); a group already archived is deleted. */
export async function deleteGroup(tx: Tx, actor: Actor, id: number): Promise<'archived' | 'deleted'> {
  assertGroupEditor(actor);
  const group = await findVisibleGroup(tx, actor, id, true);
  const where = and(eq(groups.companyId, actor.companyId), eq(groups.id, id));
  const history = { entity: 'group', entityId: id, branchId: group.branchId } as const;
  const title = group.name?.trim() || group.code;
  if (group.status === GroupStatus.archive) {
    await releaseReminderLinks(tx, actor.companyId, { groupIds: [id] });
    await tx.delete(groups).where(where);
    await recordHistory(tx, actor, { ...history, event: 'groupDeleted', data: { title } });
    return 'deleted';
  }
  await tx.update(groups).set({ status: GroupStatus.archive, updatedAt: new Date() }).where(where);
  await recordHistory(tx, actor, { ...history, event: 'groupArchived', data: { title, status_before: group.status } });
  return 'archived';
}

/* ------------------------------------------------------------------ periods */

/** `YYYY-MM-DD` dates order as text. */
const latest = (...dates: string[]) => [...dates].sort().at(-1) as string;
const earliest = (...dates: string[]) => [...dates].sort()[0] as string;

/** GET group/{id}/periods: the calendar months of the group, from its start to its end (or this month). */
export async function groupPeriods(tx: Tx, actor: Actor, id: number) {
  const group = await findVisibleGroup(tx, actor, id);
  const today = localDate();
  const last = group.endDate ?? latest(today, group.startDate);
  const data: { month: string; from: string; to: string }[] = [];
  for (let month = `${group.startDate.slice(0, 7)}-01`; month <= last; month = addMonths(month, 1)) {
    const monthEnd = courseEndDate(month, 1);
    data.push({
      month: month.slice(0, 7),
      from: latest(month, group.startDate),
      to: earliest(monthEnd, last),
    });
  }
  return { data };
}
