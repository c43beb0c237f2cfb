import { z } from 'zod';
import { TagType, type TagTypeId } from './academics.js';
import { requiredText } from './common.js';

/**
 * The company's small catalogues (spec §3 Holiday and Tag, §2 archive_reasons):
 * short lists read whole, so they answer `{ data }` without pagination.
 */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** The years a date of ours may fall in: PostgreSQL refuses year 0, and no lesson or birthday is outside. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';

/** A calendar day as the API carries it: `YYYY-MM-DD`, between DATE_MIN and DATE_MAX. */
export const isoDateSchema = z.iso
  .date()
  .refine((day) => day >= DATE_MIN && day <= DATE_MAX, { message: `must be between ${DATE_MIN} and ${DATE_MAX}` });

// ── Holidays ────────────────────────────────────────────────────────────────

export const HOLIDAY_NAME_MAX = 100;

/** Spec §3 Holiday: name, date (one per date and company, spec §8 "Holiday already exists on that date"). */
export const holidaySchema = z.object({ id: z.number().int(), name: z.string(), date: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayInputSchema = z.object({ name: requiredText(HOLIDAY_NAME_MAX), date: isoDateSchema });
export type HolidayInput = z.infer<typeof holidayInputSchema>;

/** GET /holiday: a year, or a period from … to (both days included); nothing: every holiday. */
export const holidayQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type HolidayQuery = z.infer<typeof holidayQuerySchema>;

// ── Tags ────────────────────────────────────────────────────────────────────

export const TAG_NAME_MAX = 50;
export const TAG_TYPE_IDS = Object.values(TagType) as TagTypeId[];
export const tagTypeSchema = z.coerce
  .number()
  .int()
  .refine((n): n is TagTypeId => (TAG_TYPE_IDS as number[]).includes(n), { message: 'Unknown tag type' });

/** `#RRGGBB`; the web offers a palette but any such colour is accepted. */
export const tagColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour such as #1677FF')
  .transform((c) => c.toUpperCase());

/** Spec §3 Tag, with how many students and groups carry it (for the delete question). */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  color: z.string().nullable(),
  usage_count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

/** PUT /tags/{id}: name and colour; the type is fixed once the tag exists (its assignments depend on it). */
export const tagUpdateSchema = z.object({
  name: requiredText(TAG_NAME_MAX),
  color: tagColorSchema.nullish(),
});
export type TagUpdate = z.infer<typeof tagUpdateSchema>;

export const tagCreateSchema = tagUpdateSchema.extend({ type: tagTypeSchema });
export type TagCreate = z.infer<typeof tagCreateSchema>;

export const tagQuerySchema = z.object({ type: tagTypeSchema.optional() });

/** Spec §9 "Tags refresh delay 1 s": how long the web waits before reloading tags after typing. */
export const TAGS_REFRESH_DELAY_MS = 1000;

// ── Archive reasons ─────────────────────────────────────────────────────────

export const ARCHIVE_REASON_NAME_MAX = 100;

/** Spec §2 archive_reasons: why a student left a group; inactive reasons are not offered for new departures. */
export const archiveReasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** How many departures name this reason; a reason in use is deactivated instead of deleted. */
  usage_count: z.number().int(),
});
export type ArchiveReason = z.infer<typeof archiveReasonSchema>;

export const archiveReasonInputSchema = z.object({
  name: requiredText(ARCHIVE_REASON_NAME_MAX),
  active: z.boolean().default(true),
});
export type ArchiveReasonInput = z.infer<typeof archiveReasonInputSchema>;

export const archiveReasonQuerySchema = z.object({
  active: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/** DELETE /archive_reasons/{id}: deleted, or only deactivated because departures name it. */
export const archiveReasonDeletedSchema = z.object({ ok: z.literal(true), deactivated: z.boolean() });
