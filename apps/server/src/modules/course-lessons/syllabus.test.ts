import { type CourseLesson, HistoryEvent, type Syllabus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openTestApp } from '../../../test/helpers.js';
import { courses, historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { postFile } from '../courses/test-support.js';
import { clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 19: a course's syllabus — lessons, their modules and order, sanitised text, videos and files. */
const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let course: number;

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  course = await createCourse(database.db, w.company.id, { name: 'Syllabus English' });
  await inCompany(database.db, w.company.id, (tx) =>
    tx.update(courses).set({ lessonsPerModule: 2 }).where(eq(courses.id, course)),
  );
});

const addLesson = (body: Record<string, unknown>, token = w.tokens.admin, courseId = course) =>
  w.api(token, 'POST', `/course/${courseId}/lessons`, body);
const syllabusOf = async (courseId = course) => {
  const res = await w.api(w.tokens.admin, 'GET', `/course/${courseId}/lessons`);
  expect(res.status).toBe(200);
  return res.body as Syllabus;
};
const upload = (url: string, name: string, type: string, content: Buffer, token = w.tokens.admin) =>
  postFile(app, { url, sub: w.sub, token }, name, type, content);
/** Fetches a signed media link as a browser would: no Authorization header. */
const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { host: `${w.sub}.localhost`, ...headers } });

describe('the syllabus', () => {
  it('lists lessons in order, numbered and grouped in modules of the course’s lessons per module', async () => {
    for (const title of ['Greetings', 'Numbers', 'Family']) expect((await addLesson({ title })).status).toBe(200);
    const syllabus = await syllabusOf();
    expect(syllabus.lessons.map((l) => [l.number, l.module, l.title])).toEqual([
      [1, 1, 'Greetings'],
      [2, 1, 'Numbers'],
      [3, 2, 'Family'],
    ]);
    expect(syllabus.policies).toEqual({ add: true, reorder: true });
  });

  it('reorders by drag and drop: the modules follow the new places; a stale order is refused', async () => {
    const before = await syllabusOf();
    const ids = before.lessons.map((l) => l.id);
    const res = await w.api(w.tokens.admin, 'PUT', `/course/${course}/lessons/order`, {
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(res.status).toBe(200);
    expect((res.body as Syllabus).lessons.map((l) => [l.title, l.module])).toEqual([
      ['Family', 1],
      ['Greetings', 1],
      ['Numbers', 2],
    ]);
    const stale = await w.api(w.tokens.admin, 'PUT', `/course/${course}/lessons/order`, { ids: [ids[0], ids[1]] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('syllabus_order_mismatch');
    const [event] = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.syllabusReordered), eq(historyEvents.entityId, course))),
    );
    expect(event?.data).toMatchObject({ name: 'Syllabus English' });
  });

  it('keeps only safe HTML of the text, and a YouTube or Vimeo link as its player', async () => {
    const res = await addLesson({
      title: 'Colours',
      body_html:
        '<p onclick="steal()">Red <b>and</b> <a href="javascript:alert(1)">blue</a> <a href="https://example.com">more</a></p><script>alert(1)</script><iframe src="https://evil.test"></iframe>',
      video: { kind: 'link', url: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(res.status).toBe(200);
    const lesson = res.body as CourseLesson;
    expect(lesson.body_html).toBe(
      '<p>Red <strong>and</strong> <a target="_blank" rel="noopener noreferrer nofollow">blue</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">more</a></p>',
    );
    expect(lesson.video).toEqual({
      kind: 'link',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      provider: 'youtube',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    const elsewhere = await addLesson({ title: 'X', video: { kind: 'link', url: 'https://evil.test/watch?v=1' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.details[0].field).toBe('video.url');
  });

  it('refuses teachers and students (403) and another company’s course (404)', async () => {
    expect((await addLesson({ title: 'T' }, w.tokens.teacher)).status).toBe(403);
    expect((await addLesson({ title: 'T' }, w.tokens.student)).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', `/course/${course}/lessons`)).status).toBe(403);
    expect((await addLesson({ title: 'T' }, w.tokens.admin, 999_999)).status).toBe(404);
  });
});

describe('a lesson’s video and files', () => {
  it('takes an uploaded video into the course’s Videos folder and streams it by byte ranges to whoever holds its link', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    const video = await upload(`/course/${course}/video`, 'intro.mp4', 'video/mp4', bytes);
    expect(video.status).toBe(200);
    const notVideo = await upload(`/course/${course}/video`, 'notes.pdf', 'application/pdf', Buffer.from('%PDF'));
    expect(notVideo.status).toBe(415);
    expect(notVideo.body.error.code).toBe('not_a_video_file');
    const handout = await upload(
      `/file/upload?course_id=${course}`,
      'handout.pdf',
      'application/pdf',
      Buffer.from('%PDF-1.4'),
    );

    const res = await addLesson({
      title: 'Introduction',
      video: { kind: 'file', file_id: video.body.id },
      file_ids: [handout.body.id],
      homework: { instructions: 'Watch it twice', due_days: 2, answer: 'text' },
    });
    expect(res.status).toBe(200);
    const lesson = res.body as CourseLesson;
    expect(lesson.video.kind).toBe('file');
    const url = lesson.video.kind === 'file' ? lesson.video.file.url : '';
    expect(url).toMatch(/^\/media\//);

    const whole = await fetchMedia(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toBe('0123456789abcdef');
    const part = await fetchMedia(url, { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-5/16');
    expect(part.body).toBe('2345');
    expect((await fetchMedia(url, { range: 'bytes=-3' })).body).toBe('def');
    expect((await fetchMedia(url, { range: 'bytes=99-' })).statusCode).toBe(416);
    expect((await fetchMedia(`${url.slice(0, -3)}xyz`)).statusCode).toBe(404);
    const attached = await fetchMedia(lesson.files[0]!.url);
    expect(attached.headers['content-type']).toBe('application/pdf');
  });

  it('refuses as a video or an attachment a file of another course', async () => {
    const other = await createCourse(database.db, w.company.id, { name: 'Other course' });
    const foreignFile = await upload(
      `/file/upload?course_id=${other}`,
      'x.pdf',
      'application/pdf',
      Buffer.from('%PDF'),
    );
    const res = await addLesson({ title: 'Stolen', file_ids: [foreignFile.body.id] });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'file_ids.0', rule: 'not_a_course_file' });
  });

  it('edits and deletes a lesson, with history; a teacher may do neither', async () => {
    const lesson = (await addLesson({ title: 'Draft' })).body as CourseLesson;
    const teacher = await w.api(w.tokens.teacher, 'PUT', `/course-lesson/${lesson.id}`, { title: 'Mine' });
    expect(teacher.status).toBe(403);
    const edited = await w.api(w.tokens.admin, 'PUT', `/course-lesson/${lesson.id}`, {
      title: 'Final',
      homework: { instructions: 'Learn the words', due_days: 0, answer: 'any' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Final', homework: { due_days: 0, answer: 'any' } });
    expect((await w.api(w.tokens.teacher, 'DELETE', `/course-lesson/${lesson.id}`)).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'DELETE', `/course-lesson/${lesson.id}`)).status).toBe(200);
    expect((await w.api(w.tokens.admin, 'GET', `/course-lesson/${lesson.id}`)).status).toBe(404);
    const types = await inCompany(database.db, w.company.id, (tx) =>
      tx.select({ type: historyEvents.type }).from(historyEvents).where(eq(historyEvents.entityId, course)),
    );
    for (const event of ['courseLessonAdded', 'courseLessonChanged', 'courseLessonDeleted'] as const) {
      expect(types.map((t) => t.type)).toContain(HistoryEvent[event]);
    }
  });
});

describe('the media link', () => {
  it('is refused when forged or unsigned, and counts requests per address', async () => {
    const res = await call(app, { method: 'GET', url: '/api/v1/media/not-a-token', sub: w.sub });
    expect(res.status).toBe(404);
  });
});
