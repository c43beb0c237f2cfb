import { z } from 'zod';
import { GENDERS, STUDENT_PAGE_SIZE } from './academics.js';
import type { Area } from './access.js';
import { roleIdSchema } from './auth.js';
import { isoDateSchema } from './catalog.js';
import { idSchema, requiredText } from './common.js';
import { Role, type RoleId, STAFF_ROLES } from './roles.js';

/**
 * People of spec §3 User (students, teachers, staff) and the /user calls of
 * spec §7 "Users".
 */

export const USER_TYPES = ['student', 'teacher', 'staff'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The spec §6 area that guards each kind of person (GET /user serves all three). */
export const USER_TYPE_AREA: Record<UserType, Area> = { student: 'students', teacher: 'teachers', staff: 'staff' };

/**
 * Roles the staff form offers: spec §6 staff plus cashier and marketer, who log in
 * and are employed like staff but would otherwise have no screen to be created on
 * (docs/decisions: "who is staff").
 */
export const STAFF_FORM_ROLES: readonly RoleId[] = [...STAFF_ROLES, Role.cashier, Role.marketer];

/** What kinds of person a user with these roles is; a teacher who is also an admin is both. */
export function userTypesOf(roles: readonly number[]): UserType[] {
  const types: UserType[] = [];
  if (roles.includes(Role.student)) types.push('student');
  if (roles.includes(Role.teacher)) types.push('teacher');
  if (roles.some((r) => (STAFF_FORM_ROLES as readonly number[]).includes(r))) types.push('staff');
  return types;
}

/**
 * Seniority for "nobody grants roles above his own": owner over CEO over the
 * branch roles. Only owner and CEO reach owner and CEO.
 */
export const ROLE_RANK: Record<RoleId, number> = {
  8: 100, // owner
  1: 90, // CEO
  9: 70, // branch director
  2: 60, // admin
  11: 55, // second admin
  10: 50, // limited admin
  4: 40, // cashier
  5: 40, // marketer
  6: 30, // teacher
  7: 10, // student
  12: 5, // parent
};
export const topRank = (roles: readonly RoleId[]): number => Math.max(0, ...roles.map((r) => ROLE_RANK[r] ?? 0));

/** Whether someone with `actorRoles` may give `role` to another user. */
export const mayGrantRole = (actorRoles: readonly RoleId[], role: RoleId): boolean =>
  ROLE_RANK[role] <= topRank(actorRoles);

// ---------------------------------------------------------------- limits

export const USER_NAME_MAX = 120;
export const USER_TEXT_MAX = 200;
export const USER_COMMENT_MAX = 2000;
/** Issue 13: at least 8 characters; the server also refuses the 10,000 most common passwords and the phone. */
export const PASSWORD_MIN = 8;
/** Spec §5: "User phone at least 9 characters"; the country's exact digit count is checked with the company known. */
export const PHONE_MIN = 9;
export const PHONE_MAX = 20;
export const USER_NOTE_MAX = 2000;

// ---------------------------------------------------------------- answers

const refSchema = z.object({ id: z.number().int(), name: z.string() });

export const userTagSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });
export type UserTag = z.infer<typeof userTagSchema>;

/** A group of the user: as student (student_status of spec §4) or as the group's teacher. */
export const userGroupSchema = z.object({
  id: z.number().int(),
  /** The group's name, or its generated code when it has none (spec §3 Group). */
  name: z.string(),
  status: z.number().int(),
  student_status: z.number().int().nullable(),
  course: refSchema.nullable(),
  teacher: refSchema.nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  days: z.array(z.number().int()),
  joined_at: z.string().nullable(),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  comment: z.string().nullable(),
  parent_name: z.string().nullable(),
  parent_phone: z.string().nullable(),
  ext_id: z.string().nullable(),
  roles: z.array(z.object({ id: roleIdSchema, name: z.string() })),
  branches: z.array(refSchema),
  main_branch: z.number().int().nullable(),
  tags: z.array(userTagSchema),
  groups: z.array(userGroupSchema),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  /** A student's balance in minor units (the sum of his ledger); absent for teachers and staff. */
  balance: z.number().int().optional(),
  /** A student's offer (issue 17): accepted the version in force; null while none is published; absent for others. */
  offer_signed: z.boolean().nullable().optional(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /user/{id}: the profile (spec §3 User with extra contacts). */
export const userProfileSchema = userListItemSchema.extend({
  extra_phone: z.string().nullable(),
  email: z.string().nullable(),
  telegram: z.string().nullable(),
  address: z.string().nullable(),
  passport_id: z.string().nullable(),
  /** Whether the user can log in; the hash itself never leaves the server. */
  has_password: z.boolean(),
  types: z.array(z.enum(USER_TYPES)),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userCreatedSchema = z.object({ id: z.number().int(), name: z.string() });

/** Details of a 409 student_phone_exists / teacher_phone_exists / staff_phone_exists. */
export const phoneExistsDetailsSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() })),
});
export type PhoneExistsDetails = z.infer<typeof phoneExistsDetailsSchema>;

// ---------------------------------------------------------------- requests

const optionalText = (max: number) => z.string().trim().max(max).nullish();
/** Spec §5 "valid e-mail"; an empty box clears it. */
const optionalEmail = z.email().max(USER_TEXT_MAX).or(z.literal('')).nullish();

/** Spec §5: at least 9 characters; digits, spaces, +, - and brackets as people type them. */
export const phoneFieldSchema = z
  .string()
  .trim()
  .min(PHONE_MIN)
  .max(PHONE_MAX)
  .regex(/^[\d\s+()-]+$/);
const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX)
  .regex(/^[\d\s+()-]*$/)
  .nullish();

/** The fields of spec §3 User that the forms edit. */
export const userFieldsSchema = z.object({
  name: requiredText(USER_NAME_MAX),
  phone: phoneFieldSchema,
  birthday: isoDateSchema.nullish(),
  gender: z.enum(GENDERS).nullish(),
  comment: optionalText(USER_COMMENT_MAX),
  extra_phone: optionalPhone,
  parent_name: optionalText(USER_TEXT_MAX),
  parent_phone: optionalPhone,
  email: optionalEmail,
  telegram: optionalText(USER_TEXT_MAX),
  address: optionalText(USER_TEXT_MAX),
  passport_id: optionalText(USER_TEXT_MAX),
  ext_id: optionalText(100),
  /** The user's branches (spec §3 User.branches); the first is main unless main_branch says otherwise. */
  branches: z.array(idSchema).min(1).max(100),
  main_branch: idSchema.nullish(),
  /** Staff and teachers who log in (students may too); never returned. */
  password: z.string().min(PASSWORD_MIN).max(200).optional(),
  /** Student tags (spec §3 Tag type 1). */
  tag_ids: z.array(idSchema).max(100).optional(),
  /** Staff roles, in order: the first is the current role (spec §6). */
  roles: z.array(roleIdSchema).min(1).max(10).optional(),
});

/** POST /user. `force` creates a student whose phone is already known (spec §8 "create anyway"). */
export const userCreateSchema = userFieldsSchema.extend({
  user_type: z.enum(USER_TYPES),
  force: z.boolean().optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PUT /user/{id}: only the fields sent change ("PUT may carry branches" alone to move a user). */
export const userUpdateSchema = userFieldsSchema.partial().extend({ force: z.boolean().optional() });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(idSchema).max(100),
);
const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

/** GET /user `finance`: students owing money, students with money paid in advance, students at zero. */
export const STUDENT_FINANCE_FILTERS = ['debtors', 'credit', 'zero'] as const;
export type StudentFinanceFilter = (typeof STUDENT_FINANCE_FILTERS)[number];

/** GET /user (spec §7): every filter is optional; empty values are dropped by the client. */
export const userListQuerySchema = z.object({
  user_type: z.enum(USER_TYPES).default('student'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(STUDENT_PAGE_SIZE),
  name_or_phone: z.string().trim().max(100).optional(),
  course_id: idSchema.optional(),
  /** Students by balance: below zero, above zero, or exactly zero. */
  finance: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STUDENT_FINANCE_FILTERS).optional()),
  /** Student statuses in a group (spec §4), comma-separated or repeated. */
  statuses: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.coerce.number().int().min(1).max(6)).max(6),
    )
    .optional(),
  tag_ids: idList.optional(),
  sort_by_name: flag.optional(),
  ext_id: z.string().trim().max(100).optional(),
  branch_id: idSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** DELETE /user/{id}: archives; `permanent` deletes an archived user for good. */
export const userDeleteQuerySchema = z.object({ permanent: flag.optional() });

/** POST /user/delete/multiple: all or nothing. */
export const userDeleteManySchema = z.object({
  ids: z.array(idSchema).min(1).max(500),
  permanent: z.boolean().optional(),
});
export const userDeletedManySchema = z.object({ ok: z.literal(true), count: z.number().int() });

// ---------------------------------------------------------------- acting on every user a filter finds

/**
 * Most users one bulk call may select or archive: every id travels in one statement (PostgreSQL takes
 * 65,535 bind parameters; a history row per user is 7 of them), and a larger filter is a mistake more
 * often than a wish.
 */
export const USER_BULK_MAX = 5_000;

/** The filters of GET /user without paging, as a JSON body (POST /user/all, POST /user/delete_all). */
const userFilterBodySchema = userListQuerySchema.omit({ page: true, per_page: true, sort_by_name: true });

/** POST /user/all: every user the filters find; `archived` looks in the archive (GET /user/archived_users). */
export const userSelectionQuerySchema = userFilterBodySchema.extend({ archived: z.boolean().optional() });
export type UserSelectionQuery = z.infer<typeof userSelectionQuerySchema>;

/** The ids found (the list's order, at most USER_BULK_MAX) and how many there are in all. */
export const userSelectionSchema = z.object({
  ids: z.array(z.number().int()),
  total: z.number().int(),
  /** More users match than `ids` holds: narrow the filter before acting on them. */
  truncated: z.boolean(),
});
export type UserSelection = z.infer<typeof userSelectionSchema>;

/**
 * POST /user/delete_all: archives every live user the filters find, or with `permanent` deletes every
 * archived one for good. `expected_count` is the number the person confirmed (POST /user/all's total): when
 * the filters now find another number, nothing is done (409 conflict), so a user added meanwhile is never
 * archived unseen.
 */
export const userDeleteAllSchema = userFilterBodySchema.extend({
  permanent: z.boolean().optional(),
  expected_count: z.number().int().min(1).max(USER_BULK_MAX),
});
export type UserDeleteAll = z.infer<typeof userDeleteAllSchema>;

// ---------------------------------------------------------------- searches

/** GET /user_search: the quick search of people by name or phone (the header's search box). */
export const userSearchQuerySchema = z.object({
  search: z.string().trim().min(2).max(100),
  user_type: z.enum(USER_TYPES).optional(),
  branch_id: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

export const userSearchItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** The current role: the first one (spec §6). */
  role: roleIdSchema,
  types: z.array(z.enum(USER_TYPES)),
  main_branch: z.number().int().nullable(),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

/**
 * GET /advanched_search (spec §7's spelling): the filters of GET /user and more. `group_id` and
 * `teacher_id` join course_id and statuses in one group place ("active in Anvar's English group" is one
 * group, not three); `without_group` finds students with no current place at all.
 */
export const advancedSearchQuerySchema = userListQuerySchema.extend({
  group_id: idSchema.optional(),
  teacher_id: idSchema.optional(),
  gender: z.enum(GENDERS).optional(),
  birthday_from: isoDateSchema.optional(),
  birthday_to: isoDateSchema.optional(),
  created_from: isoDateSchema.optional(),
  created_to: isoDateSchema.optional(),
  without_group: flag.optional(),
});
export type AdvancedSearchQuery = z.infer<typeof advancedSearchQuerySchema>;

/** Reasons a refusal of a hard delete (409 conflict) carries in `details.reason`. */
export const USER_DELETE_REFUSALS = ['not_archived', 'teaches_groups', 'self', 'senior'] as const;

// ---------------------------------------------------------------- notes, phone search

export const userCommentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  text: z.string(),
  author: refSchema.nullable(),
  created_at: z.string(),
});
export type UserComment = z.infer<typeof userCommentSchema>;
export const userCommentsQuerySchema = z.object({ user_id: idSchema });
export const userCommentCreateSchema = z.object({ user_id: idSchema, text: requiredText(USER_NOTE_MAX) });

/** GET /phone_search: "reads id, role, name" (spec §7). */
export const phoneSearchQuerySchema = z.object({
  phone: z.string().trim().min(3).max(PHONE_MAX),
  company_id: idSchema.optional(),
  branch_id: idSchema.optional(),
});
export const phoneSearchItemSchema = z.object({ id: z.number().int(), role: roleIdSchema, name: z.string() });

// ---------------------------------------------------------------- Excel import

/** The columns of the import file, in the sample's order. */
export const IMPORT_COLUMNS = [
  'name',
  'phone',
  'birthday',
  'gender',
  'parent_name',
  'parent_phone',
  'extra_phone',
  'comment',
  'ext_id',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_REJECTIONS = [
  'name_required',
  'phone_invalid',
  'duplicate_in_file',
  'student_exists',
  'student_exists_archived',
  'birthday_invalid',
  'gender_invalid',
  'too_long',
] as const;
export type ImportRejection = (typeof IMPORT_REJECTIONS)[number];

export const importQuerySchema = z.object({ branch_id: idSchema });
export const importResultSchema = z.object({
  total_rows: z.number().int(),
  imported: z.number().int(),
  rejected: z.array(
    z.object({
      /** The row number as the spreadsheet shows it (the header is row 1). */
      row: z.number().int(),
      reason: z.enum(IMPORT_REJECTIONS),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      /** For duplicates of a known student: who it is. */
      existing_id: z.number().int().nullable(),
    }),
  ),
  /** Milliseconds the server spent, for the record. */
  took_ms: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** PUT /auth/password: a signed-in user changes his own password (issue 13 §5); his other sessions end. */
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1).max(200),
  password: z.string().min(PASSWORD_MIN).max(200),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
