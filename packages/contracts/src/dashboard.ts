import { z } from 'zod';
import { DAY_TYPES } from './academics.js';
import { defineRoute } from './api-routes.js';
import { isoDateSchema } from './catalog.js';
import { idSchema } from './common.js';
import { historyItemSchema } from './history-api.js';

/** Spec §2 dashboard: the card filters appear only when the branch has more groups than this. */
export const DASHBOARD_FILTERS_FROM_GROUPS = 10;
/** How many of the latest history events the dashboard shows (its "logs" card). */
export const DASHBOARD_LOG_COUNT = 8;
/** The month-by-month line: this month and the eleven before it. */
export const DASHBOARD_MONTHS = 12;

export const dashboardQuerySchema = z.object({
  /** Staff: the header's branch (required for them); a teacher's figures span his groups in every branch. */
  branch_id: idSchema.optional(),
  course_id: idSchema.optional(),
  teacher_id: idSchema.optional(),
  /** The "group type" filter: the group's days (odd, even, weekend…). */
  day_type: z.enum(DAY_TYPES).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const countSchema = z.number().int().nonnegative();
const moneySchema = z.number().int();
const percentSchema = z.number().min(0).max(100).nullable();

const monthMoneySchema = z.object({
  from: isoDateSchema,
  till: isoDateSchema,
  payments: moneySchema,
  /** Expenses and salaries paid (money out of the centre, refunds aside). */
  expenses: moneySchema,
  /** Payments less refunds, expenses and salaries: the finance report's profit. */
  profit: moneySchema,
});

const optionSchema = z.object({ id: z.number().int(), name: z.string() });

export const dashboardSchema = z.object({
  /** The branch the figures are of; null: a teacher's own groups wherever they are. */
  branch_id: z.number().int().nullable(),
  scope: z.enum(['branch', 'teacher']),
  today: isoDateSchema,
  month: z.object({ from: isoDateSchema, till: isoDateSchema }),
  /** What this user may see and open (spec §6, computed on the server; the page never repeats a role rule). */
  policies: z.object({
    money: z.boolean(),
    leads: z.boolean(),
    logs: z.boolean(),
    open_students: z.boolean(),
    open_groups: z.boolean(),
    open_leads: z.boolean(),
    open_debtors: z.boolean(),
    open_left_students: z.boolean(),
    open_history: z.boolean(),
  }),
  /** The choices of the card filters; null while the branch has at most DASHBOARD_FILTERS_FROM_GROUPS groups. */
  filter_options: z
    .object({
      courses: z.array(optionSchema),
      teachers: z.array(optionSchema),
      day_types: z.array(z.enum(DAY_TYPES)),
    })
    .nullable(),
  groups: z.object({ active: countSchema, selection: countSchema }),
  students: z.object({ all: countSchema, active: countSchema, trial: countSchema, frozen: countSchema }),
  /** Marks of this month in the groups counted: present, absent, and present in % of the marks. */
  attendance: z.object({ present: countSchema, absent: countSchema, percent: percentSchema }),
  left_this_month: countSchema,
  leads: z.object({ new_this_month: countSchema, in_work: countSchema }).nullable(),
  /** `total_debt` is null for a user who sees no money. */
  debtors: z.object({ count: countSchema, total_debt: moneySchema.nullable() }).nullable(),
  /** Spec §4 funnel of this month's leads: lead → waiting and set → trial in group → paid. */
  funnel: z
    .object({ leads: countSchema, waiting_or_set: countSchema, trial: countSchema, paid: countSchema })
    .nullable(),
  lead_sources: z
    .array(
      z.object({
        source: z.string(),
        leads: countSchema,
        paid: countSchema,
        share: percentSchema,
        conversion: percentSchema,
      }),
    )
    .nullable(),
  money: z.object({ this_month: monthMoneySchema, last_month: monthMoneySchema }).nullable(),
  /** Oldest first; `payments` null for a user who sees no money. */
  monthly: z.array(z.object({ month: z.string(), active_students: countSchema, payments: moneySchema.nullable() })),
  logs: z.array(historyItemSchema).nullable(),
  /** Null when the company has no licence end date (nothing is shown). */
  licence: z.object({ ends_on: isoDateSchema, days_left: z.number().int() }).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Only the counters (spec §7 /partInformation): the quick part of the dashboard for a header or a phone widget. */
export const partInformationSchema = dashboardSchema.pick({
  branch_id: true,
  scope: true,
  today: true,
  policies: true,
  groups: true,
  students: true,
  left_this_month: true,
  leads: true,
  debtors: true,
  licence: true,
});
export type PartInformation = z.infer<typeof partInformationSchema>;

export const dashboardRoutes = {
  getDashboard: defineRoute({
    method: 'GET',
    path: '/dashboard',
    operationId: 'getDashboard',
    summary: 'Every figure of the home page for the branch (or a teacher’s own groups), in one answer.',
    tags: ['dashboard'],
    access: 'dashboard',
    query: dashboardQuerySchema,
    body: undefined,
    response: dashboardSchema,
  }),
  getPartInformation: defineRoute({
    method: 'GET',
    path: '/partInformation',
    operationId: 'getPartInformation',
    summary: 'The dashboard’s counters only (groups, students, leads, debtors, left, licence).',
    tags: ['dashboard'],
    access: 'dashboard',
    query: dashboardQuerySchema,
    body: undefined,
    response: partInformationSchema,
  }),
};
