import { z } from 'zod';
import { ATTENDANCE_MAX_DAYS } from './attendance.js';
import { isoDateSchema } from './catalog.js';
import { idSchema } from './common.js';
import { refSchema } from './groups.js';
import { LANGUAGES } from './locale.js';
import { PAYMENT_METHODS } from './money.js';

/**
 * Spec §2 "report (audit table)": what each staff member did on each day of a period in one branch —
 * the money he booked, the students he added, activated and archived, the attendance he marked and the
 * leads he handled — with a total row. A cashier's shift is reconciled from his day's row.
 */

/** The longest period one audit table covers: the attendance reports' quarter and a bit (93 days). */
export const AUDIT_MAX_DAYS = ATTENDANCE_MAX_DAYS;

export const auditQuerySchema = z.object({
  branch_id: idSchema,
  from: isoDateSchema,
  till: isoDateSchema,
  /** One staff member's rows only; the choices are the answer's `staff`. */
  staff_id: idSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The Excel file takes the same filters and the language of its headings. */
export const auditExportQuerySchema = auditQuerySchema.extend({ lang: z.enum(LANGUAGES).optional() });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

const count = z.number().int().nonnegative();
const money = z.number().int();

/**
 * The money a staff member booked (ledger entries he is the author of, by their business day). Only
 * entries that still count: a cancelled payment is in no row, an edited one counts once, at its new
 * amount, under whoever edited it — so the figures agree with the payments page.
 */
export const auditMoneySchema = z.object({
  /** Payments taken: how many and their sum (minor units). */
  payments: count,
  paid: money,
  /** The sum taken per method (`cash`, `card`…); a method with nothing taken is absent. */
  by_method: z.record(z.string(), money),
  /** Money handed back to students: how many and the sum (positive). */
  refunds: count,
  refunded: money,
  /** Manual write-offs: how many and the sum (positive); no cash moves. */
  write_offs: count,
  written_off: money,
  /** Cash taken less cash handed back: what the cash desk should hold from this row. */
  cash: money,
});
export type AuditMoney = z.infer<typeof auditMoneySchema>;

export const auditFiguresSchema = z.object({
  /** Null for a caller who sees no money (a limited admin): the row then shows only the other figures. */
  money: auditMoneySchema.nullable(),
  /** New students registered (one by one, converted from a lead, or imported). */
  students_added: count,
  /** Students given the "active" status in a group. */
  students_activated: count,
  /** Students removed from a group to its archive, or archived altogether. */
  students_archived: count,
  /** Attendance marks set (a whole lesson marked at once counts each student). */
  attendance_marked: count,
  /** Distinct leads added, edited, moved, archived, restored or converted (per row). */
  leads_handled: count,
});
export type AuditFigures = z.infer<typeof auditFiguresSchema>;

export const auditRowSchema = auditFiguresSchema.extend({
  day: z.string(),
  staff: refSchema,
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditReportSchema = z.object({
  branch_id: z.number().int(),
  from: z.string(),
  till: z.string(),
  /** What this caller may see (spec §6, computed on the server): `money` false hides every money figure. */
  policies: z.object({ money: z.boolean() }),
  /** The methods money was taken by in the period, in the contracts' order: the table's method columns. */
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** Everyone with a row in the period, by name: the staff filter's choices. */
  staff: z.array(refSchema),
  /** One row per day and staff member with something done, by day then name. */
  rows: z.array(auditRowSchema),
  /** The rows added up (a lead handled by two people counts for each). */
  total: auditFiguresSchema,
});
export type AuditReport = z.infer<typeof auditReportSchema>;
