import { z } from 'zod';
import { DAY_TYPES, StudentStatus, type StudentStatusId } from './academics.js';
import { dataOf, isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema } from './common.js';
import { groupCapacitySchema, refSchema } from './groups.js';

/** `YYYY-MM-DD`, a real calendar day. */
const dateSchema = isoDateSchema;

/* ------------------------------------------------------------------ student status transitions */

/**
 * Spec §4 student statuses and the actions between them: came / did not come to
 * trial, activate, freeze, archive (remove from group, with a reason), return to
 * trial (a trial student only), restore (from the archive to trial or active).
 * Anything else is refused.
 */
export const STUDENT_STATUS_TRANSITIONS: Record<StudentStatusId, readonly StudentStatusId[]> = {
  [StudentStatus.inactive]: [
    StudentStatus.cameToTrial,
    StudentStatus.missedTrial,
    StudentStatus.active,
    StudentStatus.archived,
  ],
  [StudentStatus.cameToTrial]: [
    StudentStatus.inactive,
    StudentStatus.missedTrial,
    StudentStatus.active,
    StudentStatus.archived,
  ],
  [StudentStatus.missedTrial]: [
    StudentStatus.inactive,
    StudentStatus.cameToTrial,
    StudentStatus.active,
    StudentStatus.archived,
  ],
  [StudentStatus.frozen]: [StudentStatus.active, StudentStatus.archived],
  [StudentStatus.active]: [StudentStatus.frozen, StudentStatus.archived],
  [StudentStatus.archived]: [StudentStatus.inactive, StudentStatus.active],
};

export const canChangeStudentStatus = (from: number, to: number): boolean =>
  (STUDENT_STATUS_TRANSITIONS[from as StudentStatusId] ?? []).includes(to as StudentStatusId);

/** Students who hold a seat in the group: everyone but the archived (spec §5 capacity warning). */
export const SEATED_STUDENT_STATUSES: readonly StudentStatusId[] = [
  StudentStatus.inactive,
  StudentStatus.cameToTrial,
  StudentStatus.missedTrial,
  StudentStatus.frozen,
  StudentStatus.active,
];

const studentStatusSchema = z.coerce
  .number()
  .int()
  .refine((v) => v >= 1 && v <= 6, { message: 'Unknown student status' });

/* ------------------------------------------------------------------ students in groups */

const studentRefSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });

export const groupStudentSchema = z.object({
  student: studentRefSchema,
  group_id: z.number().int(),
  created_date: z.string(),
  student_status: z.number().int(),
  left_date: z.string().nullable(),
  archive_reason: refSchema.nullable(),
  archive_comment: z.string().nullable(),
  exception_sum: z.number().int().nullable(),
  exception_sum_reason: z.string().nullable(),
  exception_sum_start_date: z.string().nullable(),
  exception_sum_end_date: z.string().nullable(),
});
export type GroupStudent = z.infer<typeof groupStudentSchema>;

export const groupStudentsSchema = z.object({ data: z.array(groupStudentSchema), capacity: groupCapacitySchema });

/** GET /student/{id}/groups: one place of a student, with the group it is in. */
export const studentGroupSchema = groupStudentSchema.omit({ student: true, group_id: true }).extend({
  group: z.object({
    id: z.number().int(),
    title: z.string(),
    code: z.string(),
    branch_id: z.number().int(),
    course: refSchema,
    teacher: refSchema,
    day_type: z.enum(DAY_TYPES),
    days: z.array(z.number().int()),
    start_time: z.string(),
    end_time: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    status: z.number().int(),
  }),
});
export type StudentGroup = z.infer<typeof studentGroupSchema>;
export const studentGroupsSchema = dataOf(studentGroupSchema);

/** An answer to a change of a group's students: the row and the capacity warning (spec §5). */
export const groupStudentChangedSchema = z.object({ data: groupStudentSchema, capacity: groupCapacitySchema });

export const groupStudentRemovedSchema = z.object({ ok: z.literal(true), capacity: groupCapacitySchema });

export const groupStudentParamsSchema = z.object({ group_id: idSchema, student_id: idSchema });

export const addStudentBodySchema = z
  .object({ created_date: dateSchema.optional() })
  .nullish()
  .transform((v) => v ?? {});

export const studentStatusParamsSchema = z.object({ group: idSchema, student: idSchema, status: studentStatusSchema });

const flagSchema = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** Spec §7 PUT /group/{group}/student/{student}/{status} query. */
export const studentStatusQuerySchema = z.object({
  reason_id: idSchema.optional(),
  comment: z.string().trim().max(500).optional(),
  return_the_money: flagSchema.optional(),
  recalculation_in_all_groups: flagSchema.optional(),
  branch_id: idSchema.optional(),
});
export type StudentStatusQuery = z.infer<typeof studentStatusQuerySchema>;

export const transferParamsSchema = z.object({ student_id: idSchema, old_group_id: idSchema, group_id: idSchema });

export const transferBodySchema = z.object({
  created_date: dateSchema.optional(),
  /** The status in the new group; absent: the status the student had in the old one. */
  student_status: z.coerce
    .number()
    .int()
    .refine((v) => v >= 1 && v <= 5, { message: 'A student moves in as trial, came, missed, frozen or active' })
    .optional(),
  return_the_money: flagSchema.optional(),
});
export type TransferBody = z.infer<typeof transferBodySchema>;

export const transferResultSchema = z.object({
  from: groupStudentSchema,
  to: groupStudentSchema,
  capacity: groupCapacitySchema,
});

export const exceptionParamsSchema = z.object({ group_id: idSchema, user_id: idSchema });

/** Spec §3 individual price; §5 "Discount start and end dates must fall in the same year". */
export const exceptionBodySchema = z.object({
  exception_sum: z.number().int().min(0),
  exception_sum_reason: z.string().trim().max(500).nullable().optional(),
  exception_sum_start_date: dateSchema,
  exception_sum_end_date: dateSchema,
});
export type ExceptionBody = z.infer<typeof exceptionBodySchema>;

/** The same-year rule as a check the form and the server share. */
export const exceptionDatesProblem = (
  start: string,
  end: string,
): 'exception_dates_same_year' | 'end_before_start' | null =>
  start.slice(0, 4) !== end.slice(0, 4) ? 'exception_dates_same_year' : end < start ? 'end_before_start' : null;

/* ------------------------------------------------------------------ students who left */

export const leftStudentsQuerySchema = pageQuerySchema.extend({
  branch_id: idSchema.optional(),
  date_start: dateSchema.optional(),
  date_end: dateSchema.optional(),
  reason_id: idSchema.optional(),
  /** Name or phone of the student. */
  search: z.string().trim().max(100).optional(),
  /** Also list students who left one group for another the same day (a transfer). */
  include_moved: flagSchema.optional(),
});

export const leftStudentSchema = z.object({
  student: studentRefSchema,
  group: z.object({ id: z.number().int(), title: z.string() }),
  course: refSchema,
  teacher: refSchema,
  branch_id: z.number().int(),
  created_date: z.string(),
  left_date: z.string(),
  reason: refSchema.nullable(),
  comment: z.string().nullable(),
  /** The group the student moved to that day, when it was a transfer. */
  moved_to: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type LeftStudent = z.infer<typeof leftStudentSchema>;

/** GET /leftGroupUsers: students who left the centre — they left a group in the period and study nowhere now. */
export const leftGroupUsersQuerySchema = leftStudentsQuerySchema.omit({ include_moved: true });

export const leftGroupUserSchema = z.object({
  student: studentRefSchema,
  /** The group he left last, with its course and the reason he gave. */
  group: z.object({ id: z.number().int(), title: z.string() }),
  course: refSchema,
  branch_id: z.number().int(),
  left_date: z.string(),
  reason: refSchema.nullable(),
  comment: z.string().nullable(),
  /** Every group he has left (in any period). */
  groups_left: z.number().int(),
});
export type LeftGroupUser = z.infer<typeof leftGroupUserSchema>;

/* ------------------------------------------------------------------ several students at once */

/** Most students POST /group/{id}/students adds in one call (all or nothing). */
export const GROUP_ADD_STUDENTS_MAX = 100;

/** POST /group/{id}/students: several students join the group as trial students, on one date. */
export const addStudentsBodySchema = z.object({
  student_ids: z.array(idSchema).min(1).max(GROUP_ADD_STUDENTS_MAX),
  created_date: dateSchema.optional(),
});
export type AddStudentsBody = z.infer<typeof addStudentsBodySchema>;

/* ------------------------------------------------------------------ statistics */

/** GET /students/statistics: one branch (else every branch the caller works in). */
export const studentStatisticsQuerySchema = z.object({ branch_id: idSchema.optional() });

/**
 * Students by their status in groups (spec §4). A student counts once per status he holds: active in one
 * group and on trial in another, he is in both counts; `studying` counts him once.
 */
export const studentStatisticsSchema = z.object({
  branch_id: z.number().int().nullable(),
  /** Students (not archived users) of the branch. */
  total: z.number().int(),
  /** Students with a place in a group that is not archived. */
  studying: z.number().int(),
  /** Students of the branch without such a place; null for a teacher, who sees only his groups. */
  without_group: z.number().int().nullable(),
  /** Every status 1–6, zeros included. */
  by_status: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
});
export type StudentStatistics = z.infer<typeof studentStatisticsSchema>;

/* ------------------------------------------------------------------ money back on leaving */

/** GET /RefundTheStudentForTheGroupController (spec §7's name): leaving `date` (default today). */
export const refundPreviewQuerySchema = z.object({
  student_id: idSchema,
  group_id: idSchema,
  date: dateSchema.optional(),
});
export type RefundPreviewQuery = z.infer<typeof refundPreviewQuerySchema>;

/**
 * What leaving the group on `date` with return_the_money would do to the student's money, booking nothing.
 * `returned` is the change of his balance: charges given back for lessons he would not take (`reversed`)
 * less what is booked for lessons before the date (`charged`: a recalculated period, lessons not yet charged);
 * negative when he still owes. Amounts in the currency's minor unit; balances now and after.
 */
export const refundPreviewSchema = z.object({
  student_id: z.number().int(),
  group_id: z.number().int(),
  date: z.string(),
  returned: z.number().int(),
  reversed: z.number().int(),
  charged: z.number().int(),
  group_balance: z.number().int(),
  group_balance_after: z.number().int(),
  balance: z.number().int(),
  balance_after: z.number().int(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;
