import { z } from 'zod';
import { dataOf, isoDateSchema } from './catalog.js';
import { idSchema, listOf, pageQuerySchema, requiredText } from './common.js';
import { companySharedInfoSchema } from './company.js';
import { importResultSchema } from './users.js';

/**
 * Leads and their pipeline (spec §2 leads, §3 Lead, board, lead source, deletion reason,
 * lead-increment update record, lead statistics, §4 "Lead pipeline", §7 "Leads").
 * docs/decisions/0015-lead-board.md explains the live board.
 */

/** Spec §4: the three columns of every branch's board, in order. Stable strings of the API. */
export const LEAD_COLUMNS = ['incoming', 'waiting', 'set'] as const;
export const leadColumnSchema = z.enum(LEAD_COLUMNS);
export type LeadColumn = z.infer<typeof leadColumnSchema>;

export const LEAD_NAME_MAX = 120;
export const LEAD_COMMENT_MAX = 1000;
export const LEAD_SECTION_TITLE_MAX = 60;
export const LEAD_SOURCE_NAME_MAX = 60;
export const LEAD_REASON_TITLE_MAX = 100;
/**
 * The board opens with this many cards of each list (a column shows about six at once): every card more
 * is JSON that opening the board waits for, in every list of it (docs/performance.md).
 */
export const LEAD_FIRST_PAGE_SIZE = 20;
/** Then a list loads this many more (GET leads/more) as it scrolls near its end. */
export const LEAD_PAGE_SIZE = 50;

const uuidSchema = z.uuid();

/** Spec §3 Lead. `uuid` is the board's key of the card; `id` the API's. */
export const leadSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  branch_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  comment: z.string().nullable(),
  course_id: z.number().int().nullable(),
  course: z.string().nullable(),
  source_id: z.number().int().nullable(),
  source: z.string().nullable(),
  /** The responsible administrator (spec "admin (id)"). */
  admin: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  column: leadColumnSchema,
  section_id: z.number().int().nullable(),
  /** Order inside its column or section: smaller first. */
  position: z.number(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() })),
  created_at: z.string(),
  archived_at: z.string().nullable(),
  archive_reason: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Set once the lead became a student (POST /group/lead/{id}). */
  student_id: z.number().int().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

const phoneInput = z.string().trim().min(1).max(30);

/** POST /leadData and POST /leads/lead; PUT /leadData/{id} takes the same fields, each optional. */
export const leadInputSchema = z.object({
  branch_id: idSchema,
  name: requiredText(LEAD_NAME_MAX),
  phone: phoneInput,
  comment: z.string().trim().max(LEAD_COMMENT_MAX).nullish(),
  course_id: idSchema.nullish(),
  source_id: idSchema.nullish(),
  admin_id: idSchema.nullish(),
  column: leadColumnSchema.default('incoming'),
  section_id: idSchema.nullish(),
  tag_ids: z.array(idSchema).max(20).default([]),
});
export type LeadInput = z.input<typeof leadInputSchema>;
export const leadUpdateSchema = leadInputSchema
  .omit({ branch_id: true, column: true, section_id: true })
  .partial()
  // Absent tags leave the lead's tags as they are (the create schema's default would clear them).
  .extend({ tag_ids: z.array(idSchema).max(20).optional() });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/** Spec §9 lead search: date range, text in name or phone, staff, course and tag. */
export const leadSearchSchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  search: z.string().trim().max(100).optional(),
  admin_id: idSchema.optional(),
  course_id: idSchema.optional(),
  tag_id: idSchema.optional(),
  source_id: idSchema.optional(),
});
export type LeadSearch = z.infer<typeof leadSearchSchema>;

/** GET /leadData: the list or table view, paged. */
export const leadListQuerySchema = leadSearchSchema.extend(pageQuerySchema.shape).extend({
  column: leadColumnSchema.optional(),
  archived: z.enum(['0', '1']).optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
export const leadListSchema = listOf(leadSchema);
export type LeadList = z.infer<typeof leadListSchema>;

/** Spec §3 board section (a custom group of cards inside a column). */
export const leadSectionSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  branch_id: z.number().int(),
  column: leadColumnSchema,
  title: z.string(),
  position: z.number(),
});
export type LeadSection = z.infer<typeof leadSectionSchema>;
export const leadSectionInputSchema = z.object({
  branch_id: idSchema,
  column: leadColumnSchema,
  title: requiredText(LEAD_SECTION_TITLE_MAX),
});
export const leadSectionUpdateSchema = z.object({ title: requiredText(LEAD_SECTION_TITLE_MAX) });

/**
 * GET leads/?branch_id: the board. Each column (and section) carries its first page of cards and
 * how many it has; `time` is the cursor of the last update record included, so the client asks
 * `GET lead-increment/updates?from=time` for what came after.
 */
export const boardColumnSchema = z.object({
  uuid: z.string(),
  column: leadColumnSchema,
  title: z.string(),
  count: z.number().int(),
  leads: z.array(leadSchema),
  sections: z.array(leadSectionSchema.extend({ count: z.number().int(), leads: z.array(leadSchema) })),
});
export const leadBoardSchema = z.object({
  branch_id: z.number().int(),
  time: z.number().int(),
  columns: z.array(boardColumnSchema),
});
export type LeadBoard = z.infer<typeof leadBoardSchema>;
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** GET leads/more: the next cards of one column or section, after the last one shown. */
export const leadPageQuerySchema = z.object({
  branch_id: idSchema,
  column: leadColumnSchema,
  section_id: idSchema.optional(),
  after_position: z.coerce.number().optional(),
  after_id: idSchema.optional(),
});

/** Where a card is: its column and section (null: the column itself). */
export const leadLocationSchema = z.object({
  column: leadColumnSchema,
  section: z.number().int().nullable(),
  old_column: leadColumnSchema.nullable().optional(),
  old_section: z.number().int().nullable().optional(),
});
export type LeadLocation = z.infer<typeof leadLocationSchema>;

/** Spec §3 lead-increment update record. */
export const LEAD_INCREMENT_ACTIONS = ['create', 'update', 'delete'] as const;
export const LEAD_INCREMENT_TYPES = ['lead', 'element', 'section'] as const;
export const leadIncrementSchema = z.object({
  /** The branch's sequence number of the record: the `time` cursor. */
  time: z.number().int(),
  action: z.enum(LEAD_INCREMENT_ACTIONS),
  type: z.enum(LEAD_INCREMENT_TYPES),
  uuid: z.string(),
  /** The lead or section as it is after the change (for delete: its id). */
  data: z.record(z.string(), z.unknown()),
  location: leadLocationSchema.nullable(),
  /** Who made it (the board ignores echoes of its own moves by this and `client_id`). */
  author_id: z.number().int().nullable(),
  client_id: z.string().nullable(),
  created_at: z.string(),
});
export type LeadIncrement = z.infer<typeof leadIncrementSchema>;

/**
 * POST lead-increment/?branch_id: a board change. `move` of a lead: its uuid, the target location
 * and the neighbour it lands after (`data.after_uuid`, null: first); `delete` archives it with
 * `data.reason_id`. The server answers the record it stored (with the lead as now).
 */
export const leadIncrementInputSchema = z.object({
  action: z.enum(LEAD_INCREMENT_ACTIONS),
  type: z.enum(LEAD_INCREMENT_TYPES),
  uuid: uuidSchema,
  data: z.record(z.string(), z.unknown()).default({}),
  location: leadLocationSchema.nullish(),
  /** The tab that sent it, so its own echo is recognised. */
  client_id: z.string().max(64).nullish(),
});
export type LeadIncrementInput = z.input<typeof leadIncrementInputSchema>;

export const leadUpdatesQuerySchema = z.object({ branch_id: idSchema, from: z.coerce.number().int().min(0) });
/** GET lead-increment/stream: Server-Sent Events of the board's records after `from` (absent: from now). */
export const leadStreamQuerySchema = z.object({ branch_id: idSchema, from: z.coerce.number().int().min(0).optional() });
/** GET leads/?branch_id&company_id (spec §7; the company is the caller's own). */
export const leadBoardQuerySchema = z.object({ branch_id: idSchema, company_id: idSchema.optional() });
/**
 * The records after `from`, and the newest `time`. `reset`: `from` is older than the records kept
 * (a board left open for days), so the board reloads instead of patching.
 */
export const leadUpdatesSchema = z.object({
  time: z.number().int(),
  updates: z.array(leadIncrementSchema),
  reset: z.boolean(),
});
export type LeadUpdates = z.infer<typeof leadUpdatesSchema>;

/**
 * The lead source the public lead form gives its leads (made the first time a form is sent). Its name is
 * stored as this stable key, as the standard columns keep an empty title: screens show it in the user's
 * language; a company's own sources show as they are named.
 */
export const WEBSITE_LEAD_SOURCE = 'Website form';
/** Compared ignoring case, as the public form finds its source. */
export const isWebsiteLeadSource = (name: string): boolean => name.toLowerCase() === WEBSITE_LEAD_SOURCE.toLowerCase();

/** Spec §3 lead source. */
export const leadSourceSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const leadSourceInputSchema = z.object({
  name: requiredText(LEAD_SOURCE_NAME_MAX),
  active: z.boolean().default(true),
});

/** Spec §3 lead deletion reason: title, staff (who made it), active or archived. */
export const leadReasonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  active: z.boolean(),
});
export type LeadReason = z.infer<typeof leadReasonSchema>;
export const leadReasonInputSchema = z.object({
  title: requiredText(LEAD_REASON_TITLE_MAX),
  active: z.boolean().default(true),
});

/** Archiving a lead (the board's delete) needs a reason. */
export const leadArchiveSchema = z.object({ reason_id: idSchema, client_id: z.string().max(64).nullish() });

const idNameSchema = z.object({ id: z.number().int(), name: z.string() });
/** The pickers of the board: what a lead can point at, of one branch. */
export const leadBranchQuerySchema = z.object({ branch_id: idSchema });

/**
 * GET /leads/staff?branch_id: who can be a lead's responsible (spec §3 Lead "admin") — the branch's current
 * users who work with leads (spec §6 leads: marketer and the admin set; owner and CEO for every branch).
 */
export const leadStaffListSchema = dataOf(idNameSchema);
export type LeadStaffList = z.infer<typeof leadStaffListSchema>;

/** GET /leads/groups?branch_id: the groups a lead can join on trial — the branch's running groups. */
export const leadGroupOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  course: z.string(),
  teacher: z.string(),
});
export type LeadGroupOption = z.infer<typeof leadGroupOptionSchema>;
export const leadGroupOptionsSchema = dataOf(leadGroupOptionSchema);

/** POST /group/lead/{id}: the lead (offered in "set", accepted from any column) becomes a trial student of a group. */
export const leadToStudentSchema = z.object({ group_id: idSchema, client_id: z.string().max(64).nullish() });

/** Spec §3 lead statistics. */
export const leadConversionSchema = z.object({
  lead_conversion: z.array(z.object({ conversion_date: z.string(), lead_count: z.number().int() })),
  lead_conversion_for_source: z.array(z.object({ source: z.string(), leads_count: z.number().int() })),
  /** Spec §4 funnel stages: lead, waiting and set, trial in group, paid. */
  funnel: z.object({
    leads: z.number().int(),
    waiting_or_set: z.number().int(),
    trial: z.number().int(),
    paid: z.number().int(),
  }),
});
export type LeadConversion = z.infer<typeof leadConversionSchema>;
export const leadReportQuerySchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema,
  to: isoDateSchema,
});

/** The public lead form (/entry/lead): no log-in; the company comes from the subdomain. */
export const publicLeadSchema = z.object({
  name: requiredText(LEAD_NAME_MAX),
  phone: phoneInput,
  comment: z.string().trim().max(LEAD_COMMENT_MAX).nullish(),
  course_id: idSchema.nullish(),
  branch_id: idSchema.nullish(),
  /** A field people do not see: a bot that fills it is answered as if it succeeded, and nothing is stored. */
  website: z.string().max(200).optional(),
});
export type PublicLead = z.infer<typeof publicLeadSchema>;
/** Spam defence: lead-form submissions allowed per IP address and minute. */
export const PUBLIC_LEAD_RATE_PER_MINUTE = 5;

/** GET /public/lead-form: what the form shows (the company as its log-in page knows it, its courses and branches). */
export const leadFormInfoSchema = z.object({
  company: companySharedInfoSchema,
  courses: z.array(idNameSchema),
  branches: z.array(idNameSchema),
});
export type LeadFormInfo = z.infer<typeof leadFormInfoSchema>;

/**
 * Why a row of the lead import was refused: the checks of the students import, and `lead_exists`, a
 * phone that is already a live lead of the branch (re-importing a file adds nothing twice).
 */
export const LEAD_IMPORT_REJECTIONS = [
  'name_required',
  'phone_invalid',
  'duplicate_in_file',
  'too_long',
  'lead_exists',
] as const;
export type LeadImportRejection = (typeof LEAD_IMPORT_REJECTIONS)[number];

/**
 * POST /leads/import: the students import's answer (every refused row with its number and reason)
 * plus the rows that became leads, so the dialog can say which.
 */
export const leadImportResultSchema = importResultSchema.extend({
  rejected: z.array(importResultSchema.shape.rejected.element.extend({ reason: z.enum(LEAD_IMPORT_REJECTIONS) })),
  added: z.array(z.object({ row: z.number().int(), name: z.string(), phone: z.string() })),
});
export type LeadImportResult = z.infer<typeof leadImportResultSchema>;
