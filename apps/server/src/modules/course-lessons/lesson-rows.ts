import {
  type CourseLesson,
  type CourseLessonSummary,
  type CourseLessonValues,
  type HomeworkAnswerKind,
  type LessonFile,
  type LessonVideo,
  parseVideoLink,
} from '@crm/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courseFiles, courseFolders, courseLessons } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import type { MediaLinks } from '../../platform/media-links.js';
import { invalidFields } from '../groups/service.js';
import { cleanLessonHtml } from './lesson-html.js';

export type LessonRow = typeof courseLessons.$inferSelect;

/** A lesson of the caller's company (a course's or a group's own), locked for a change when asked. */
export async function findLesson(tx: Tx, actor: Actor, id: number, lock = false): Promise<LessonRow> {
  const query = tx
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.companyId, actor.companyId), eq(courseLessons.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The course's syllabus (not the groups' own lessons), in order. */
export function courseSyllabus(tx: Tx, companyId: number, courseId: number, lock = false) {
  const query = tx
    .select()
    .from(courseLessons)
    .where(
      and(eq(courseLessons.companyId, companyId), eq(courseLessons.courseId, courseId), isNull(courseLessons.groupId)),
    )
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  return lock ? query.for('update') : query;
}

/** A group's own lessons. */
export function groupOwnLessons(tx: Tx, companyId: number, groupId: number) {
  return tx
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.companyId, companyId), eq(courseLessons.groupId, groupId)))
    .orderBy(asc(courseLessons.id));
}

/** The row's columns for the input (HTML sanitised, the video and homework unfolded). */
export function lessonColumns(input: CourseLessonValues) {
  const { video, homework } = input;
  return {
    title: input.title,
    bodyHtml: cleanLessonHtml(input.body_html),
    videoKind: video.kind,
    videoFileId: video.kind === 'file' ? video.file_id : null,
    videoUrl: video.kind === 'link' ? video.url : null,
    fileIds: input.file_ids,
    homeworkText: homework?.instructions ?? null,
    homeworkDueDays: homework?.due_days ?? null,
    homeworkAnswer: homework?.answer ?? null,
  };
}

/** Refuses (400, per field) a video or an attached file that is not a file of the course's folders. */
export async function assertCourseFiles(tx: Tx, actor: Actor, courseId: number, input: CourseLessonValues) {
  const wanted = [...new Set([...input.file_ids, ...(input.video.kind === 'file' ? [input.video.file_id] : [])])];
  if (!wanted.length) return;
  const found = await tx
    .select({ id: courseFiles.id, mimeType: courseFiles.mimeType })
    .from(courseFiles)
    .innerJoin(
      courseFolders,
      and(eq(courseFolders.companyId, courseFiles.companyId), eq(courseFolders.id, courseFiles.folderId)),
    )
    .where(
      and(
        eq(courseFiles.companyId, actor.companyId),
        eq(courseFolders.courseId, courseId),
        inArray(courseFiles.id, wanted),
      ),
    );
  const types = new Map(found.map((file) => [file.id, file.mimeType]));
  const problems = [];
  if (input.video.kind === 'file' && !types.get(input.video.file_id)?.startsWith('video/')) {
    problems.push({ field: 'video.file_id', rule: 'not_a_course_video', message: 'not a video of this course' });
  }
  input.file_ids.forEach((id, index) => {
    if (!types.has(id))
      problems.push({ field: `file_ids.${index}`, rule: 'not_a_course_file', message: 'not a file of this course' });
  });
  if (problems.length) throw invalidFields(problems);
}

interface StoredFile extends Omit<LessonFile, 'url'> {
  key: string;
}

/** The course files the lessons name (video and attachments), by id; deleted ones are simply absent. */
export async function filesOfLessons(tx: Tx, companyId: number, rows: readonly LessonRow[]) {
  const ids = [...new Set(rows.flatMap((row) => [...row.fileIds, ...(row.videoFileId ? [row.videoFileId] : [])]))];
  if (!ids.length) return new Map<number, StoredFile>();
  const found = await tx
    .select({
      id: courseFiles.id,
      name: courseFiles.name,
      mime_type: courseFiles.mimeType,
      size: courseFiles.size,
      key: courseFiles.storageKey,
    })
    .from(courseFiles)
    .where(and(eq(courseFiles.companyId, companyId), inArray(courseFiles.id, ids)));
  return new Map(found.map((file) => [file.id, file]));
}

export interface LessonPlace {
  number: number | null;
  module: number | null;
}

export function toSummary(row: LessonRow, place: LessonPlace, files: Map<number, StoredFile>): CourseLessonSummary {
  return {
    id: row.id,
    number: place.number,
    module: place.module,
    title: row.title,
    has_video: hasVideo(row, files),
    has_homework: row.homeworkText !== null,
    file_count: row.fileIds.filter((id) => files.has(id)).length,
    group_id: row.groupId,
  };
}

/** Whether the lesson shows a video (its file may have been deleted from the course since). */
function hasVideo(row: LessonRow, files: Map<number, StoredFile>): boolean {
  if (row.videoKind === 'file') return row.videoFileId !== null && files.has(row.videoFileId);
  return row.videoKind === 'link' && row.videoUrl !== null && parseVideoLink(row.videoUrl) !== null;
}

/** What a reader of the lesson needs to fetch its bytes: signed media links, made now. */
export interface LessonReading {
  companyId: number;
  media: MediaLinks;
  now: Date;
}

async function linked(file: StoredFile, reading: LessonReading): Promise<LessonFile> {
  const { key, ...shown } = file;
  const url = await reading.media.pathOf(
    { companyId: reading.companyId, key, name: file.name, mimeType: file.mime_type },
    reading.now,
  );
  return { ...shown, url };
}

export async function toCourseLesson(
  row: LessonRow,
  place: LessonPlace,
  files: Map<number, StoredFile>,
  reading: LessonReading,
  policies: CourseLesson['policies'],
): Promise<CourseLesson> {
  let video: LessonVideo = { kind: 'none' };
  const link = row.videoKind === 'link' && row.videoUrl ? parseVideoLink(row.videoUrl) : null;
  const videoFile = row.videoKind === 'file' && row.videoFileId ? files.get(row.videoFileId) : undefined;
  if (videoFile) video = { kind: 'file', file: await linked(videoFile, reading) };
  else if (link && row.videoUrl)
    video = { kind: 'link', url: row.videoUrl, provider: link.provider, embed_url: link.embed_url };
  const attached = [];
  for (const id of row.fileIds) {
    const file = files.get(id);
    if (file) attached.push(await linked(file, reading));
  }
  return {
    ...toSummary(row, place, files),
    course_id: row.courseId,
    body_html: row.bodyHtml,
    video,
    files: attached,
    homework:
      row.homeworkText === null
        ? null
        : {
            instructions: row.homeworkText,
            due_days: row.homeworkDueDays ?? 0,
            answer: (row.homeworkAnswer ?? 'any') as HomeworkAnswerKind,
          },
    after_lesson_id: row.afterLessonId,
    updated_at: row.updatedAt.toISOString(),
    policies,
  };
}
