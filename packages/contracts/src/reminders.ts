import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, requiredText } from './common.js';
import { timeSchema } from './dates.js';

/**
 * Spec §3 Reminder, §4 (active, done, overdue), §5 (title and date required), §9 (100 a page): a task with a
 * due moment in the company's time zone, an assignee, tags of type 4 and, optionally, the student, lead or
 * group it concerns. "Overdue" is never stored: it is an active task whose moment has passed.
 */

/** Spec §4: the status toggles 0/1 in the list. */
export const ReminderStatus = { active: 0, done: 1 } as const;
export type ReminderStatusId = (typeof ReminderStatus)[keyof typeof ReminderStatus];

/** Spec §3: the buckets of the list, in the order the page shows them. */
export const REMINDER_BUCKETS = ['overdue', 'today', 'future', 'done'] as const;
export type ReminderBucket = (typeof REMINDER_BUCKETS)[number];

/** Spec §9: reminders 100 a page (per bucket). */
export const REMINDERS_PER_PAGE = 100;

export const REMINDER_TITLE_MAX = 200;
export const REMINDER_DESCRIPTION_MAX = 2000;
export const REMINDER_COMMENT_MAX = 1000;
/** A task carries a few tags, not a catalogue. */
export const REMINDER_TAGS_MAX = 20;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((text) => text || null);
const optionalId = idSchema.nullish().transform((id) => id ?? null);

/**
 * POST /reminder and PUT /reminder/{id}. `date` and `time` are the company's wall clock; a new task without
 * a time is due at the start of the company's working day, an edit without one keeps the task's time. A new
 * task without an assignee is the author's own; an edit without one keeps the task's assignee.
 */
export const reminderInputSchema = z
  .object({
    title: requiredText(REMINDER_TITLE_MAX),
    description: optionalText(REMINDER_DESCRIPTION_MAX),
    date: isoDateSchema,
    time: timeSchema.nullish().transform((time) => time ?? null),
    assigned_to: optionalId,
    tag_ids: z
      .array(idSchema)
      .max(REMINDER_TAGS_MAX)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    student_id: optionalId,
    lead_id: optionalId,
    group_id: optionalId,
  })
  .strict();
export type ReminderInput = z.input<typeof reminderInputSchema>;
export type ReminderValues = z.output<typeof reminderInputSchema>;

/** POST /reminder: the branch the task is created in (the header's, as every list call passes it). */
export const reminderBranchQuerySchema = z.object({ branch_id: idSchema });

/**
 * POST /reminder/{id}/status (spec §7 "status done, comment"): 1 (or `done`) done with a result comment,
 * 0 (or `active`) active again.
 */
export const reminderStatusInputSchema = z
  .object({
    status: z
      .union([z.literal(ReminderStatus.active), z.literal(ReminderStatus.done), z.enum(['active', 'done'])])
      .transform((status): ReminderStatusId => (typeof status === 'number' ? status : ReminderStatus[status])),
    comment: optionalText(REMINDER_COMMENT_MAX),
  })
  .strict();
export type ReminderStatusInput = z.input<typeof reminderStatusInputSchema>;

/** Spec §5: the status filter, active by default; `all` shows every bucket. */
export const REMINDER_STATUS_FILTERS = ['active', 'done', 'overdue', 'all'] as const;
export type ReminderStatusFilter = (typeof REMINDER_STATUS_FILTERS)[number];

const pageSchema = z.coerce.number().int().min(1).max(100_000);

/**
 * POST /reminder/index. Every filter is optional (spec §5: empty values are not sent); `pages` asks for a
 * page of a bucket (each bucket is paged on its own).
 */
export const reminderListInputSchema = z
  .object({
    status: z.enum(REMINDER_STATUS_FILTERS).default('active'),
    search: z.string().trim().max(100).optional(),
    assigned_to: idSchema.optional(),
    tag_id: idSchema.optional(),
    student_id: idSchema.optional(),
    lead_id: idSchema.optional(),
    group_id: idSchema.optional(),
    pages: z
      .object({ done: pageSchema, overdue: pageSchema, today: pageSchema, future: pageSchema })
      .partial()
      .strict()
      .default({}),
  })
  .strict();
export type ReminderListInput = z.input<typeof reminderListInputSchema>;
export type ReminderListFilters = z.output<typeof reminderListInputSchema>;

/** The list's branch: the header's; absent, every branch the caller works in (a profile's related tasks). */
export const reminderListQuerySchema = z.object({ branch_id: idSchema.optional() });

const refSchema = z.object({ id: z.number().int(), name: z.string() });
export type ReminderRef = z.infer<typeof refSchema>;

/** What the caller may do with one task, from spec §6 and who he is to it (a teacher: his own only). */
export const reminderPoliciesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_change_status: z.boolean(),
});
export type ReminderPolicies = z.infer<typeof reminderPoliciesSchema>;

export const reminderSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  /** Spec §4 as the list shows it: done, or active, or active and past its moment. */
  state: z.enum(['active', 'done', 'overdue']),
  title: z.string(),
  description: z.string().nullable(),
  /** The company's day and time of the due moment. */
  date: z.string(),
  time: z.string(),
  due_at: z.string(),
  assigned_to: refSchema.nullable(),
  created_by: refSchema.nullable(),
  result_comment: z.string().nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() })),
  student: refSchema.nullable(),
  lead: refSchema.nullable(),
  group: refSchema.nullable(),
  branch_id: z.number().int().nullable(),
  created_at: z.string(),
  /** Spec §3 "last update". */
  updated_at: z.string(),
  policies: reminderPoliciesSchema,
});
export type Reminder = z.infer<typeof reminderSchema>;

/** Spec §3: a bucket's page. */
export const reminderMetaSchema = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
});
export type ReminderMeta = z.infer<typeof reminderMetaSchema>;

const bucketSchema = z.object({ data: z.array(reminderSchema), meta: reminderMetaSchema });
export type ReminderBucketPage = z.infer<typeof bucketSchema>;

/** What the caller may do on the list: create, give tasks to others, attach leads. */
export const reminderListPoliciesSchema = z.object({
  can_create: z.boolean(),
  can_assign_others: z.boolean(),
  can_attach_leads: z.boolean(),
});
export type ReminderListPolicies = z.infer<typeof reminderListPoliciesSchema>;

export const reminderListSchema = z.object({
  done: bucketSchema,
  overdue: bucketSchema,
  today: bucketSchema,
  future: bucketSchema,
  policies: reminderListPoliciesSchema,
});
export type ReminderList = z.infer<typeof reminderListSchema>;

/** A task of the caller's that has just become due (the app tells him once). */
export const reminderDueSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
});
export type ReminderDue = z.infer<typeof reminderDueSchema>;

/**
 * GET /reminder/counts: the header's badge (the caller's own active tasks of today and overdue) and those
 * due now that he has not been told of. `available` false: his roles have no reminders (nothing to ask again).
 */
export const reminderCountsSchema = z.object({
  available: z.boolean(),
  today: z.number().int(),
  overdue: z.number().int(),
  due_now: z.array(reminderDueSchema),
});
export type ReminderCounts = z.infer<typeof reminderCountsSchema>;

/** POST /reminder/notified: the due tasks the app has just told the caller of. */
export const reminderNotifiedInputSchema = z.object({ ids: z.array(idSchema).min(1).max(100) }).strict();

/** What a picker of the task form offers. */
export const REMINDER_OPTION_KINDS = ['assignee', 'student', 'lead', 'group'] as const;
export type ReminderOptionKind = (typeof REMINDER_OPTION_KINDS)[number];

export const reminderOptionsQuerySchema = z.object({
  kind: z.enum(REMINDER_OPTION_KINDS),
  search: z.string().trim().max(100).optional(),
  branch_id: idSchema.optional(),
});
export type ReminderOptionsQuery = z.input<typeof reminderOptionsQuerySchema>;

/** Up to REMINDER_OPTIONS_MAX matches, by name. */
export const REMINDER_OPTIONS_MAX = 20;
export const reminderOptionsSchema = z.object({ data: z.array(refSchema) });
