import { z } from 'zod';
import { reportExportLangSchema } from './attendance.js';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import { leftStudentsQuerySchema } from './group-students.js';
import { refSchema } from './groups.js';
import { monthSchema } from './salaries.js';

/**
 * The remaining reports of spec §2 (reachbility, active-students, list-clients, the statistics of the students
 * who left, discounts): their queries and answers. The operations are declared in report-routes.ts.
 */

const count = z.number().int();
const money = z.number().int();
const groupRefSchema = z.object({ id: z.number().int(), title: z.string() });
const personSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });

/** A query flag as browsers send it: `1`/`true` or `0`/`false`. */
const flagSchema = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** The most months one monthly report answers: two years side by side is already a wide table. */
export const REPORT_MAX_MONTHS = 24;

/** A span of whole months, `YYYY-MM` both ends included. */
const monthSpanSchema = z.object({ from: monthSchema, till: monthSchema });

/* ------------------------------------------------------------------ reachability */

/**
 * What counts as "reached" (the page says so): a call with the lead's number that was answered (the calls kept
 * from OnlinePBX, issue 22; the staff member whose extension it was), or a staff member moved the lead out of
 * "incoming", converted it to a student, or edited it. SMS are not counted. A lead that stands outside "incoming" or became
 * a student with no such record (imported so, or moved before the history was kept) counts too, without a
 * staff member.
 */
export const REACH_SIGNS = ['called', 'moved', 'converted', 'edited'] as const;
export type ReachSign = (typeof REACH_SIGNS)[number];

export const reachabilityQuerySchema = z.object({ branch_id: idSchema, from: isoDateSchema, till: isoDateSchema });
export type ReachabilityQuery = z.infer<typeof reachabilityQuerySchema>;

const reachFiguresSchema = z.object({
  leads: count,
  reached: count,
  /** reached / leads, whole percent (0 without leads). */
  percent: count,
});
export type ReachFigures = z.infer<typeof reachFiguresSchema>;

export const reachabilitySchema = z.object({
  /** The leads created in the period (archived and converted ones too). */
  totals: reachFiguresSchema,
  /** null: leads without a source. */
  by_source: z.array(reachFiguresSchema.extend({ source: refSchema.nullable() })),
  /** Who reached each lead first; null: reached with no staff member on record. */
  by_staff: z.array(
    z.object({
      staff: refSchema.nullable(),
      reached: count,
      /** Average hours from the lead's arrival to its first reach, one decimal; null without a record. */
      average_hours: z.number().nullable(),
    }),
  ),
  counted: z.array(z.enum(REACH_SIGNS)),
});
export type Reachability = z.infer<typeof reachabilitySchema>;

/* ------------------------------------------------------------------ active students */

export const activeStudentsQuerySchema = monthSpanSchema.extend({
  /** Absent: every branch the caller works in. */
  branch_id: idSchema.optional(),
  course_id: idSchema.optional(),
});
export type ActiveStudentsQuery = z.infer<typeof activeStudentsQuerySchema>;

const activeMonthSchema = z.object({
  month: z.string(),
  active: count,
  /** active less the month before's (the first month is compared with the month before `from`). */
  change: count,
});
export type ActiveMonth = z.infer<typeof activeMonthSchema>;

export const activeStudentsSchema = z.object({
  months: z.array(z.string()),
  /** Each student once a month, whatever his branches and courses. */
  totals: z.array(activeMonthSchema),
  rows: z.array(z.object({ branch: refSchema, course: refSchema, months: z.array(activeMonthSchema) })),
});
export type ActiveStudents = z.infer<typeof activeStudentsSchema>;

/* ------------------------------------------------------------------ list of clients */

/**
 * A client's status, from his places in groups: active when he pays in some group (status 5), else frozen,
 * else on trial (1, 2, 3), else left (only archived places), else no group; archived when the user is.
 */
export const CLIENT_STATUSES = ['active', 'frozen', 'trial', 'left', 'no_group', 'archived'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const clientFiltersSchema = z.object({
  branch_id: idSchema.optional(),
  status: z.enum(CLIENT_STATUSES).optional(),
  group_id: idSchema.optional(),
  course_id: idSchema.optional(),
  /** Only students whose balance is below zero. */
  debt: flagSchema.optional(),
  /** Name or phone. */
  search: z.string().trim().max(100).optional(),
});
export const clientListQuerySchema = pageQuerySchema.extend(clientFiltersSchema.shape);
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
export const clientExportQuerySchema = clientFiltersSchema.extend(reportExportLangSchema.shape);

export const clientRowSchema = z.object({
  student: personSchema,
  /** The kept balance (decision 0017), minor units, signed. */
  balance: money,
  status: z.enum(CLIENT_STATUSES),
  /** The groups he is in now (not those he left), with his status in each. */
  groups: z.array(groupRefSchema.extend({ status: count })),
  /** The source of the lead he came from. */
  source: refSchema.nullable(),
  last_payment: z.object({ date: z.string(), amount: money }).nullable(),
  registered: z.string(),
});
export type ClientRow = z.infer<typeof clientRowSchema>;

export const clientListSchema = z.object({
  data: z.array(clientRowSchema),
  pagination: paginationSchema,
  /** Over every client of the filter, not only the page. */
  totals: z.object({ clients: count, debtors: count, debt: money }),
  policies: z.object({ export: z.boolean() }),
});
export type ClientList = z.infer<typeof clientListSchema>;

/* ------------------------------------------------------------------ students who left: statistics */

export const leftStatisticsQuerySchema = leftStudentsQuerySchema.omit({ page: true, per_page: true });
export type LeftStatisticsQuery = z.infer<typeof leftStatisticsQuerySchema>;

export const leftStatisticsSchema = z.object({
  total: count,
  by_teacher: z.array(z.object({ teacher: refSchema, count })),
  by_course: z.array(z.object({ course: refSchema, count })),
  by_month: z.array(z.object({ month: z.string(), count })),
  /** null: left without a reason. */
  by_reason: z.array(z.object({ reason: refSchema.nullable(), count })),
});
export type LeftStatistics = z.infer<typeof leftStatisticsSchema>;

/* ------------------------------------------------------------------ discounts (individual prices) */

/**
 * Where an individual price stands: in force today, yet to start, past its end date, or superseded — by
 * another price of the same student in the same group, or removed.
 */
export const DISCOUNT_STATES = ['active', 'upcoming', 'ended', 'replaced', 'removed'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const discountFiltersSchema = monthSpanSchema.extend({
  branch_id: idSchema.optional(),
  state: z.enum(DISCOUNT_STATES).optional(),
  group_id: idSchema.optional(),
  course_id: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export const discountListQuerySchema = pageQuerySchema.extend(discountFiltersSchema.shape);
export type DiscountListQuery = z.infer<typeof discountListQuerySchema>;
export const discountExportQuerySchema = discountFiltersSchema.extend(reportExportLangSchema.shape);

export const discountRowSchema = z.object({
  student: personSchema,
  group: groupRefSchema,
  course: refSchema,
  /** The course's monthly price. */
  regular_price: money,
  /** The individual monthly price (spec §3 exception_sum). */
  price: money,
  /** regular_price − price: negative when the individual price is higher. */
  discount: money,
  reason: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  set_by: refSchema.nullable(),
  set_at: z.string().nullable(),
  state: z.enum(DISCOUNT_STATES),
  /** The day it was replaced or removed. */
  closed_on: z.string().nullable(),
});
export type DiscountRow = z.infer<typeof discountRowSchema>;

export const discountMonthSchema = z.object({
  month: z.string(),
  /** The income forgone that month: the sum of the discounts in force (see docs/reports.md). */
  forgone: money,
  students: count,
});
export type DiscountMonth = z.infer<typeof discountMonthSchema>;

export const discountListSchema = z.object({
  data: z.array(discountRowSchema),
  pagination: paginationSchema,
  months: z.array(discountMonthSchema),
  total_forgone: money,
  policies: z.object({ export: z.boolean() }),
});
export type DiscountList = z.infer<typeof discountListSchema>;
