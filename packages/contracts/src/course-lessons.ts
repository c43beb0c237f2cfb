import { z } from 'zod';
import { idSchema, requiredText } from './common.js';

/**
 * Course lessons (issue 19; spec §2 courses/{courseId}/add-lesson, lessons/{lessonId}): a course's (or
 * level's) ordered syllabus. Modules are not stored: lesson k belongs to module ⌈k / lessons_per_module⌉ of
 * the course (spec §3 Course "lessons per module"), so a reorder moves lessons between modules by itself.
 */

export const LESSON_TITLE_MAX = 200;
/** The sanitised body; a long lesson with tables stays well under it. */
export const LESSON_BODY_MAX = 100_000;
export const LESSON_FILES_MAX = 20;
export const HOMEWORK_TEXT_MAX = 5_000;
export const HOMEWORK_DUE_DAYS_MAX = 60;
/** A lesson video may be far larger than an ordinary course file (FILE_MAX_BYTES). */
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** Video types every current browser plays in a <video> element. */
export const VIDEO_FILE_TYPES: Record<string, readonly string[]> = {
  mp4: ['video/mp4'],
  webm: ['video/webm'],
  m4v: ['video/mp4', 'video/x-m4v'],
};
/** The course folder uploaded lesson videos are filed in (shown translated, like the Uploads folder). */
export const COURSE_VIDEOS_FOLDER = 'Videos';

/** What a homework answer may be. */
export const HOMEWORK_ANSWER_KINDS = ['text', 'file', 'any'] as const;
export type HomeworkAnswerKind = (typeof HOMEWORK_ANSWER_KINDS)[number];

export type VideoProvider = 'youtube' | 'vimeo';
export interface VideoLink {
  provider: VideoProvider;
  id: string;
  /** The player address a page may frame. */
  embed_url: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * A YouTube or Vimeo address as the player to embed, or null for anything else. Only these two hosts are
 * framed, so a lesson can never embed an arbitrary page.
 */
export function parseVideoLink(address: string): VideoLink | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      parts[0] === 'watch'
        ? (url.searchParams.get('v') ?? undefined)
        : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
  }
  if (youtubeId !== undefined) {
    return YOUTUBE_ID.test(youtubeId)
      ? { provider: 'youtube', id: youtubeId, embed_url: `https://www.youtube-nocookie.com/embed/${youtubeId}` }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((part) => /^\d{4,12}$/.test(part));
    return id ? { provider: 'vimeo', id, embed_url: `https://player.vimeo.com/video/${id}` } : null;
  }
  return null;
}

export const videoInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  /** A file of the course's folders (uploaded through POST /course/{id}/video). */
  z.object({ kind: z.literal('file'), file_id: idSchema }),
  z.object({
    kind: z.literal('link'),
    url: z
      .string()
      .trim()
      .max(500)
      .refine((url) => parseVideoLink(url) !== null, { message: 'not_a_video_link' }),
  }),
]);
export type VideoInput = z.infer<typeof videoInputSchema>;

export const homeworkInputSchema = z.object({
  instructions: requiredText(HOMEWORK_TEXT_MAX),
  /** Days after the lesson's date the answer is due (0: the same day). */
  due_days: z.number().int().min(0).max(HOMEWORK_DUE_DAYS_MAX),
  answer: z.enum(HOMEWORK_ANSWER_KINDS),
});
export type HomeworkInput = z.infer<typeof homeworkInputSchema>;

export const courseLessonInputSchema = z.object({
  title: requiredText(LESSON_TITLE_MAX),
  /** HTML from the editor; the server keeps only the safe part of it. */
  body_html: z.string().max(LESSON_BODY_MAX).default(''),
  video: videoInputSchema.default({ kind: 'none' }),
  /** Files of the course's folders shown with the lesson. */
  file_ids: z.array(idSchema).max(LESSON_FILES_MAX).default([]),
  homework: homeworkInputSchema.nullable().default(null),
});
export type CourseLessonInput = z.input<typeof courseLessonInputSchema>;
export type CourseLessonValues = z.output<typeof courseLessonInputSchema>;

/** A group's own lesson: placed after one of the course's lessons, or first when none is named. */
export const groupLessonInputSchema = courseLessonInputSchema.extend({ after_lesson_id: idSchema.nullable() });
export type GroupLessonInput = z.input<typeof groupLessonInputSchema>;
export type GroupLessonValues = z.output<typeof groupLessonInputSchema>;

const lessonFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** A signed link that serves the bytes for a few hours (GET /media/{token}): a <video> sends no token. */
  url: z.string(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

export const lessonVideoSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('file'), file: lessonFileSchema }),
  z.object({
    kind: z.literal('link'),
    url: z.string(),
    provider: z.enum(['youtube', 'vimeo']),
    embed_url: z.string(),
  }),
]);
export type LessonVideo = z.infer<typeof lessonVideoSchema>;

/** One line of a syllabus. */
export const courseLessonSummarySchema = z.object({
  id: z.number().int(),
  /** 1-based place in the course's syllabus (a group's own lesson: null). */
  number: z.number().int().nullable(),
  /** 1-based module (null: the course sets no lessons per module, or a group's own lesson). */
  module: z.number().int().nullable(),
  title: z.string(),
  has_video: z.boolean(),
  has_homework: z.boolean(),
  file_count: z.number().int(),
  /** Set on a group's own lesson. */
  group_id: z.number().int().nullable(),
});
export type CourseLessonSummary = z.infer<typeof courseLessonSummarySchema>;

export const courseLessonSchema = courseLessonSummarySchema.extend({
  course_id: z.number().int(),
  body_html: z.string(),
  video: lessonVideoSchema,
  files: z.array(lessonFileSchema),
  homework: homeworkInputSchema.nullable(),
  after_lesson_id: z.number().int().nullable(),
  updated_at: z.string(),
  policies: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type CourseLesson = z.infer<typeof courseLessonSchema>;

export const syllabusSchema = z.object({
  course: z.object({
    id: z.number().int(),
    name: z.string(),
    lessons_per_module: z.number().int().nullable(),
  }),
  lessons: z.array(courseLessonSummarySchema),
  policies: z.object({ add: z.boolean(), reorder: z.boolean() }),
});
export type Syllabus = z.infer<typeof syllabusSchema>;

/** The syllabus's new order: every course lesson once. */
export const syllabusOrderSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
});
export type SyllabusOrder = z.infer<typeof syllabusOrderSchema>;

/** Module of the k-th (1-based) lesson of a course. */
export const moduleOf = (number: number, lessonsPerModule: number | null): number | null =>
  lessonsPerModule && lessonsPerModule > 0 ? Math.ceil(number / lessonsPerModule) : null;
