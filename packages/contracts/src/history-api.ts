import { z } from 'zod';
import { GENDERS } from './academics.js';
import { isoDateSchema } from './catalog.js';
import { idSchema, listOf, pageQuerySchema } from './common.js';
import { LANGUAGES } from './locale.js';
import { USER_TYPES } from './users.js';

/**
 * What an event concerns, as it is now (spec §3 history): the person, group and lead it names,
 * read at listing time. A sentence prefers the names stored in the event (as they were then) and
 * falls back to these for older rows; the page links them. null: none, or it no longer exists.
 */
export const historyRefsSchema = z.object({
  person: z.object({ id: z.number().int(), name: z.string(), type: z.enum(USER_TYPES).nullable() }).nullable(),
  group: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  lead: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type HistoryRefs = z.infer<typeof historyRefsSchema>;

export const historyItemSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
  /** Who did it; null: nobody of the staff (a visitor's form). Gender words a Russian sentence. */
  actor: z.object({ id: z.number().int(), name: z.string(), gender: z.enum(GENDERS).nullable() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  refs: historyRefsSchema,
  created_at: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** The largest event type a filter may name: a smallint in the database (a larger one would fail there). */
const EVENT_TYPE_MAX = 32_767;

/**
 * One event type or several: `type=6`, `type=6,7` or `type=6&type=7`. Checked as a whole, so a
 * refusal names the field `type` (not `type.0`).
 */
const eventTypesSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : value),
  z
    .string()
    .regex(/^\d{1,5}(,\d{1,5}){0,99}$/, 'event type ids, comma-separated')
    .transform((text) => text.split(',').map(Number))
    .refine((types) => types.every((type) => type >= 1 && type <= EVENT_TYPE_MAX), 'event type ids from 1'),
);

/** The filters of the company log (spec §2 history) and of its Excel file. */
export const historyFilterSchema = z.object({
  type: eventTypesSchema.optional(),
  /** The kind of thing the event is about (user, group, lead, room, course…). */
  entity: z.string().trim().max(40).optional(),
  /** The staff member who did it. */
  actor_id: idSchema.optional(),
  /** One of the caller's branches. */
  branch_id: idSchema.optional(),
  /** Days in the company's time zone, both included. */
  from: isoDateSchema.optional(),
  till: isoDateSchema.optional(),
  /** Events about this student: his own (payments, edits) and those that name him (group places, marks). */
  student_id: idSchema.optional(),
  /** Events about this group, and those that name it (a payment for it, a move out of it). */
  group_id: idSchema.optional(),
  lead_id: idSchema.optional(),
});
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

export const historyQuerySchema = pageQuerySchema.extend(historyFilterSchema.shape);
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** GET /company/{id}/history/export: the same filters, in the language asked for. */
export const historyExportQuerySchema = historyFilterSchema.extend({ lang: z.enum(LANGUAGES).optional() });
export type HistoryExportQuery = z.infer<typeof historyExportQuerySchema>;

/** A user's or a group's own history: pages and event types only. */
export const entityHistoryQuerySchema = pageQuerySchema.extend({ type: eventTypesSchema.optional() });

/** What the caller may do with the log (computed on the server, STYLE.md 6). */
export const historyPoliciesSchema = z.object({ export: z.boolean() });

export const historyPageSchema = listOf(historyItemSchema).extend({ policies: historyPoliciesSchema });
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** One Excel file holds at most this many events; a narrower filter gets the rest. */
export const HISTORY_EXPORT_MAX_ROWS = 20_000;
