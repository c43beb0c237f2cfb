import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, requiredText } from './common.js';

/**
 * Workly, the time-tracking service centres in Uzbekistan use (spec §7 /workly, §8 "worker binding
 * (time-tracking) error"). What Workly itself speaks is in the server's adapter and docs/decisions/0019;
 * these are the shapes our own API answers.
 */

/** GET /workly/late_in over a period: at most this many days (one Workly report page run per request). */
export const WORKLY_RANGE_MAX_DAYS = 31;
export const WORKLY_TEXT_MAX = 200;
export const WORKLY_EMPLOYEE_ID_MAX = 64;

/** What the caller may do with Workly, computed on the server from spec §6 (the page repeats no role rule). */
export const worklyPoliciesSchema = z.object({
  /** The reports area: who is at work, who was late. */
  view: z.boolean(),
  /** The settings area: enter, replace or remove the credentials. */
  connect: z.boolean(),
  /** The staff area: bind a staff member to a Workly employee, or unbind him. */
  bind: z.boolean(),
});
export type WorklyPolicies = z.infer<typeof worklyPoliciesSchema>;

/**
 * Whether the company has connected Workly. The credentials themselves never leave the server: the
 * client id and the log-in are shown masked (enough to recognise them), the secret and password not at all.
 */
export const worklyConnectionSchema = z.object({
  configured: z.boolean(),
  client_id_masked: z.string().nullable(),
  username_masked: z.string().nullable(),
  /** When the credentials were last saved (ISO instant); null: never. */
  connected_at: z.string().nullable(),
  policies: worklyPoliciesSchema,
});
export type WorklyConnection = z.infer<typeof worklyConnectionSchema>;

/** PUT /workly/connection: the API client Workly issues to a company, and the Workly account it reads as. */
export const worklyCredentialsInputSchema = z
  .object({
    client_id: requiredText(WORKLY_TEXT_MAX),
    client_secret: requiredText(WORKLY_TEXT_MAX),
    username: requiredText(WORKLY_TEXT_MAX),
    // A password is taken as typed: spaces may be part of it.
    password: z.string().min(1).max(WORKLY_TEXT_MAX),
  })
  .strict();
export type WorklyCredentialsInput = z.infer<typeof worklyCredentialsInputSchema>;

// ── Bindings ────────────────────────────────────────────────────────────────

export const worklyEmployeeSchema = z.object({
  /** Workly's id of the employee (kept as text: it is theirs, not ours). */
  id: z.string(),
  full_name: z.string(),
  position: z.string().nullable(),
  /** Bound to one of our staff members (possibly of a branch the caller does not see). */
  bound: z.boolean(),
});
export type WorklyEmployee = z.infer<typeof worklyEmployeeSchema>;

export const worklyBindingSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  workly_employee_id: z.string(),
  /** The employee's name in Workly; null: Workly no longer lists this employee. */
  workly_name: z.string().nullable(),
  bound_at: z.string(),
});
export type WorklyBinding = z.infer<typeof worklyBindingSchema>;

export const worklyStaffOptionSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /workly/bindings: the binding table of the page and its choices. */
export const worklyBindingsSchema = z.object({
  employees: z.array(worklyEmployeeSchema),
  bindings: z.array(worklyBindingSchema),
  /** Employees of the branch (anyone but a student) not bound yet: whom the form can bind. */
  unbound_staff: z.array(worklyStaffOptionSchema),
  policies: worklyPoliciesSchema,
});
export type WorklyBindings = z.infer<typeof worklyBindingsSchema>;

export const worklyBranchQuerySchema = z.object({ branch_id: idSchema.optional() });

/** POST /workly. Binding a staff member already bound moves his binding to the new employee. */
export const worklyBindInputSchema = z
  .object({ user_id: idSchema, workly_employee_id: requiredText(WORKLY_EMPLOYEE_ID_MAX) })
  .strict();
export type WorklyBindInput = z.infer<typeof worklyBindInputSchema>;

/** Why a binding was refused (the `reason` of the worker_binding_error's details). */
export const WORKLY_BINDING_REFUSALS = [
  /** No such user in the company (another company's user is no different). */
  'unknown_user',
  /** Students do not clock in. */
  'student',
  'archived',
  /** Workly lists no employee with this id. */
  'unknown_workly_employee',
  /** The employee is bound to another staff member already. */
  'workly_employee_taken',
] as const;
export type WorklyBindingRefusal = (typeof WORKLY_BINDING_REFUSALS)[number];

export const worklyUnbindParamsSchema = z.object({ user_id: idSchema });

// ── Who was late, who is at work ───────────────────────────────────────────

/** A time of day as the page shows it, `HH:MM`. */
const clockSchema = z.string().regex(/^\d{2}:\d{2}$/);
const countSchema = z.number().int().nonnegative();

/** GET /workly/late_in: one day (`date`, default today) or a period `from`…`till` (both included). */
export const worklyLateQuerySchema = z.object({
  date: isoDateSchema.optional(),
  from: isoDateSchema.optional(),
  till: isoDateSchema.optional(),
  branch_id: idSchema.optional(),
});
export type WorklyLateQuery = z.infer<typeof worklyLateQuerySchema>;

export const worklyLateRowSchema = z.object({
  date: isoDateSchema,
  workly_employee_id: z.string(),
  /** Our staff member; null: a Workly employee nobody is bound to (shown only to who sees every branch). */
  user_id: z.number().int().nullable(),
  name: z.string(),
  expected_start: clockSchema,
  arrived: clockSchema,
  minutes_late: z.number().int().positive(),
});
export type WorklyLateRow = z.infer<typeof worklyLateRowSchema>;

export const worklyLateSchema = z.object({
  from: isoDateSchema,
  till: isoDateSchema,
  /** By day, then the latest first. */
  rows: z.array(worklyLateRowSchema),
  days: z.array(z.object({ date: isoDateSchema, late: countSchema, minutes: countSchema })),
  /** `unbound`: late arrivals of Workly employees bound to nobody, left out of a branch's list. */
  totals: z.object({ late: countSchema, minutes: countSchema, unbound: countSchema }),
});
export type WorklyLate = z.infer<typeof worklyLateSchema>;

/** `x` of GET /workly/at_work/{x}: `today` or a day `YYYY-MM-DD`; anything else is no such page (404). */
export const worklyAtWorkParamsSchema = z.object({ x: z.string().max(16) });

export const worklyAtWorkRowSchema = z.object({
  workly_employee_id: z.string(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  first_in: clockSchema,
  /** The last check-out of the day; null: none (yet). */
  last_out: clockSchema.nullable(),
  /** Checked in and not out again: only said of today. */
  at_work: z.boolean(),
});
export type WorklyAtWorkRow = z.infer<typeof worklyAtWorkRowSchema>;

export const worklyAtWorkSchema = z.object({
  date: isoDateSchema,
  is_today: z.boolean(),
  /** Everyone who checked in that day, the earliest first. */
  rows: z.array(worklyAtWorkRowSchema),
  totals: z.object({ came: countSchema, at_work: countSchema, unbound: countSchema }),
});
export type WorklyAtWork = z.infer<typeof worklyAtWorkSchema>;
