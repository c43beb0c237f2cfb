import { z } from 'zod';
import { dataOf } from './catalog.js';
import { idSchema, pageQuerySchema, requiredText } from './common.js';

// ── Courses and levels (spec §3 Course) ─────────────────────────────────────

export const COURSE_NAME_MAX = 100;
export const COURSE_CODE_MAX = 20;
export const COURSE_DESCRIPTION_MAX = 2000;
/** Integers in the currency's minor unit (see CURRENCY_MINOR_DIGITS); a trillion is far above any course. */
export const COURSE_PRICE_MAX = 1_000_000_000_000;
export const LESSON_DURATION_MAX = 600;
export const COURSE_DURATION_MONTHS_MAX = 120;
export const LESSONS_PER_MODULE_MAX = 1000;

const optionalCount = (max: number) => z.number().int().min(1).max(max).nullish();

/**
 * A course or a level of one (parent_id). `code` is short and without spaces: group codes are built
 * from it and the group's order number (spec §3 Group), e.g. ENG-B1 → ENG-B1-3.
 */
export const courseInputSchema = z.object({
  name: requiredText(COURSE_NAME_MAX),
  code: requiredText(COURSE_CODE_MAX).regex(/^[\p{L}\p{N}_.-]+$/u, 'Letters, digits, - _ . only'),
  description: z.string().trim().max(COURSE_DESCRIPTION_MAX).nullish(),
  price: z.number().int().min(0).max(COURSE_PRICE_MAX),
  parent_id: z.number().int().positive().nullish(),
  /** Minutes. */
  lesson_duration: z.number().int().min(1).max(LESSON_DURATION_MAX),
  /** Months; a group's end date derives from it (spec §3 Group). */
  course_duration: optionalCount(COURSE_DURATION_MONTHS_MAX),
  /** Minutes. */
  exam_duration: optionalCount(LESSON_DURATION_MAX),
  lessons_per_module: optionalCount(LESSONS_PER_MODULE_MAX),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const courseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number().int(),
  parent_id: z.number().int().nullable(),
  lesson_duration: z.number().int(),
  course_duration: z.number().int().nullable(),
  exam_duration: z.number().int().nullable(),
  lessons_per_module: z.number().int().nullable(),
  /** Spec §9: the tile colour, one of COURSE_COLORS by id. */
  color: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/** GET /course: top-level courses, each with its levels. */
export const courseListItemSchema = courseSchema.extend({ levels: z.array(courseSchema) });
export type CourseListItem = z.infer<typeof courseListItemSchema>;

/** GET /course/{id}: the course, its levels, and for a level the course it belongs to. */
export const courseDetailSchema = courseListItemSchema.extend({
  parent: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** `name` matches a course's name or code, or the name of one of its levels. */
export const courseListQuerySchema = pageQuerySchema.extend({ name: z.string().trim().max(100).optional() });
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

// ── Folders and files of a course (spec §7 "Courses, rooms") ────────────────

export const FOLDER_NAME_MAX = 100;
/** 25 MB per file. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;

export const courseFileSchema = z.object({
  id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type CourseFile = z.infer<typeof courseFileSchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  files: z.array(courseFileSchema),
});
export type Folder = z.infer<typeof folderSchema>;
export const folderListSchema = dataOf(folderSchema);

export const folderRenameSchema = z.object({ name: requiredText(FOLDER_NAME_MAX) });
export type FolderRename = z.infer<typeof folderRenameSchema>;
export const folderCreateSchema = folderRenameSchema.extend({ course_id: idSchema });
export type FolderCreate = z.infer<typeof folderCreateSchema>;
export const folderQuerySchema = z.object({ course_id: idSchema });
export const fileUploadQuerySchema = z.object({ folder_id: idSchema });

/**
 * The folder POST /file/upload files an upload into when no folder is named: made in the course on first use,
 * stored under this stable name and shown translated by the client (like the leads' "Website form" source).
 */
export const COURSE_UPLOADS_FOLDER = 'Uploads';

/** POST /file/upload: the course (its Uploads folder) or one of its folders; exactly one of them. */
export const genericUploadQuerySchema = z
  .object({ course_id: idSchema.optional(), folder_id: idSchema.optional() })
  .refine((q) => (q.course_id === undefined) !== (q.folder_id === undefined), {
    message: 'Give course_id or folder_id',
    path: ['course_id'],
  });
export type GenericUploadQuery = z.infer<typeof genericUploadQuerySchema>;

/** An uploaded file with its course and the path that downloads it (GET /file/{id}). */
export const uploadedFileSchema = courseFileSchema.extend({ course_id: z.number().int(), url: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * The types a course may hold, by extension, with the content types browsers send for them (the first is
 * the one stored and served). SVG and HTML are left out on purpose: they can carry scripts.
 */
export const ALLOWED_FILE_TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  bmp: ['image/bmp'],
  heic: ['image/heic'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  rtf: ['application/rtf', 'text/rtf'],
  txt: ['text/plain'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
  md: ['text/markdown', 'text/plain', 'text/x-markdown'],
  mp3: ['audio/mpeg', 'audio/mp3'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave'],
  ogg: ['audio/ogg'],
  m4a: ['audio/mp4', 'audio/x-m4a'],
  aac: ['audio/aac'],
  mp4: ['video/mp4'],
  webm: ['video/webm', 'audio/webm'],
  mov: ['video/quicktime'],
  avi: ['video/x-msvideo', 'video/avi'],
  mkv: ['video/x-matroska'],
  zip: ['application/zip', 'application/x-zip-compressed'],
};

/** For the file picker's `accept`. */
export const ALLOWED_FILE_EXTENSIONS = Object.keys(ALLOWED_FILE_TYPES).map((ext) => `.${ext}`);

/** Content types that say nothing about the file: the extension alone decides. */
const UNSPECIFIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * The content type to store for an upload, or null when it is not allowed: the extension must be on the list,
 * and the type the client declared must fit it (a .pdf declared as text/html is refused).
 */
export function allowedFileType(fileName: string, declaredType: string | undefined): string | null {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const types = ext === undefined ? undefined : ALLOWED_FILE_TYPES[ext];
  if (!types) return null;
  const declared = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  return UNSPECIFIC_TYPES.has(declared) || types.includes(declared) ? types[0]! : null;
}

// ── Money of course prices ──────────────────────────────────────────────────

/**
 * Digits of each currency's minor unit. UZS and IDR have no minor unit in practice (prices such as
 * 450 000 sum), so their amounts are stored as whole sum and rupiah; the others in cents/tiyn.
 */
export const CURRENCY_MINOR_DIGITS: Record<string, number> = {
  UZS: 0,
  IDR: 0,
  TJS: 2,
  KZT: 2,
  KGS: 2,
  EUR: 2,
  RUB: 2,
};
export const minorDigitsOf = (currency: string): number => CURRENCY_MINOR_DIGITS[currency] ?? 2;

/** A stored amount as the user reads it: 45000000 tiyn → 450000, 450000 UZS → 450000. */
export const fromMinorUnits = (minor: number, currency: string): number => minor / 10 ** minorDigitsOf(currency);
/** An amount the user typed as stored (rounded to the minor unit). */
export const toMinorUnits = (amount: number, currency: string): number =>
  Math.round(amount * 10 ** minorDigitsOf(currency));

/** Spec §5/§9: thousands grouped with spaces, e.g. "1 250 000" or "12 500.50" (a zero fraction is left out). */
export function formatAmount(minor: number, currency: string): string {
  const digits = minorDigitsOf(currency);
  const [whole, fraction] = Math.abs(minor / 10 ** digits)
    .toFixed(digits)
    .split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${minor < 0 ? '-' : ''}${grouped}${fraction && Number(fraction) ? `.${fraction}` : ''}`;
}
