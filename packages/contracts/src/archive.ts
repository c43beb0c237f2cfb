import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, pageQuerySchema, paginationSchema } from './common.js';
import { refSchema } from './groups.js';

/**
 * Spec §2 archive (list/all, list/student/{id}): one place for everything archived in a branch — students,
 * teachers, staff, groups and leads — with who archived it, when and why, and restore where the owning
 * domain allows it.
 */
export const ARCHIVE_KINDS = ['student', 'teacher', 'staff', 'group', 'lead'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

export const ARCHIVE_SEARCH_MAX = 100;

export const archiveListQuerySchema = pageQuerySchema.extend({
  branch_id: idSchema,
  /** One kind, or every kind (`all`, the default). */
  kind: z.enum(['all', ...ARCHIVE_KINDS]).default('all'),
  /** Part of the name or phone (a group: of its name or code). */
  search: z.string().trim().max(ARCHIVE_SEARCH_MAX).optional(),
  /** Archived on these days (the company's calendar days), both ends included. */
  from: isoDateSchema.optional(),
  till: isoDateSchema.optional(),
});
export type ArchiveListQuery = z.infer<typeof archiveListQuerySchema>;

export const archiveItemSchema = z.object({
  kind: z.enum(ARCHIVE_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** People and leads: the phone (national digits). */
  phone: z.string().nullable(),
  /** Groups: the course. */
  course: z.string().nullable(),
  /** When it was archived (a group archived before its history was kept: its last change). */
  archived_at: z.string(),
  /** Who archived it (the author of the archiving history event); null when nobody is on record. */
  archived_by: refSchema.nullable(),
  /**
   * Why: a lead's deletion reason; a student's reason (or comment) from his latest removal from a group.
   * Teachers, staff and groups are archived without one.
   */
  reason: z.string().nullable(),
  /**
   * What this caller may do with the row (spec §6, the owning module's rules, computed on the server):
   * restore it, and open its page (a student's read-only archive profile, a teacher's or staff member's
   * profile, a group's page; a lead has none).
   */
  policies: z.object({ restore: z.boolean(), open: z.boolean() }),
});
export type ArchiveItem = z.infer<typeof archiveItemSchema>;

const count = z.number().int().nonnegative();

export const archiveListSchema = z.object({
  data: z.array(archiveItemSchema),
  pagination: paginationSchema,
  /** How many of each kind match the search and period (the tabs' numbers). */
  counts: z.object({ all: count, student: count, teacher: count, staff: count, group: count, lead: count }),
});
export type ArchiveList = z.infer<typeof archiveListSchema>;

export const archiveRestoreParamsSchema = z.object({ kind: z.enum(ARCHIVE_KINDS), id: idSchema });
export type ArchiveRestoreParams = z.infer<typeof archiveRestoreParamsSchema>;

export const archiveRestoredSchema = z.object({ ok: z.literal(true), kind: z.enum(ARCHIVE_KINDS), id: z.number() });
