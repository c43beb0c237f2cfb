import { COURSE_COLORS, courseColor, FILE_MAX_BYTES, HistoryEvent, Role } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp } from '../../../test/helpers.js';
import { leads } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse, createCourseFolder } from '../../seed/courses-factories.js';
import { createUser } from '../../seed/factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { insertGroupRow, openCatalogCompany, postFile } from './test-support.js';

const { app, database } = await openTestApp();
const catalog = await openCatalogCompany(app, database, 'courses');
const { company, admin, owner, api } = catalog;
const other = await catalog.other();
const sub = () => company.subdomain;

const COURSE = { name: 'General English', code: 'ENG', price: 450_000, lesson_duration: 90 };
const historyOf = (courseId: number) => catalog.historyOf('course', courseId);

const upload = (folderId: number, fileName: string, type: string, content: Buffer, token = admin) =>
  postFile(app, { url: `/file/?folder_id=${folderId}`, sub: sub(), token }, fileName, type, content);

/** Every key stored for the company, a leftover of an unfinished write included. */
const storedFiles = () => app.files.list(company.id);

describe('courses', () => {
  it('creates a course and a level, lists the course with its level and colour, and finds it by a level name', async () => {
    const created = await api('POST', '/course', {
      ...COURSE,
      name: '  English ',
      description: 'From zero',
      course_duration: 9,
      exam_duration: 60,
      lessons_per_module: 12,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'English',
      code: 'ENG',
      description: 'From zero',
      price: 450_000,
      parent_id: null,
      lesson_duration: 90,
      course_duration: 9,
      exam_duration: 60,
      lessons_per_module: 12,
      color: courseColor(created.body.id),
    });
    expect(COURSE_COLORS).toContain(created.body.color);
    const level = await api('POST', '/course', {
      ...COURSE,
      name: 'Beginner',
      code: 'ENG-B',
      parent_id: created.body.id,
    });
    expect(level.status).toBe(200);
    expect(level.body.parent_id).toBe(created.body.id);

    const list = await api('GET', '/course?name=beginn');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: created.body.id, levels: [{ id: level.body.id, name: 'Beginner' }] });
    expect(list.body.pagination).toMatchObject({ total: 1, current_page: 1 });
    // Levels are not listed as courses of their own.
    const all = await api('GET', '/course?per_page=500');
    expect(all.body.data.map((c: { id: number }) => c.id)).not.toContain(level.body.id);

    const detail = await api('GET', `/course/${level.body.id}`);
    expect(detail.body).toMatchObject({
      id: level.body.id,
      levels: [],
      parent: { id: created.body.id, name: 'English', color: created.body.color },
    });
    expect((await api('GET', `/course/${created.body.id}`)).body.levels).toHaveLength(1);
  });

  it('takes % and _ in the search literally', async () => {
    await api('POST', '/course', { ...COURSE, name: 'Maths 100%', code: 'M100' });
    const res = await api('GET', `/course?name=${encodeURIComponent('100%')}`);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Maths 100%']);
    expect((await api('GET', `/course?name=${encodeURIComponent('_')}`)).body.data).toEqual([]);
  });

  it('edits a course, recording what changed, and deletes one without levels or groups', async () => {
    const { body: course } = await api('POST', '/course', { ...COURSE, name: 'Temp', code: 'TMP' });
    const put = await api('PUT', `/course/${course.id}`, { ...COURSE, name: 'Temp 2', code: 'TMP', price: 500_000 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: course.id, name: 'Temp 2', price: 500_000, course_duration: null });
    const del = await api('DELETE', `/course/${course.id}`);
    expect(del.body).toEqual({ ok: true });
    expect((await api('GET', `/course/${course.id}`)).status).toBe(404);

    const events = await historyOf(course.id);
    expect(events.map((e) => e.type).sort()).toEqual(
      [HistoryEvent.courseCreated, HistoryEvent.courseChanged, HistoryEvent.courseDeleted].sort(),
    );
    expect(events.find((e) => e.type === HistoryEvent.courseChanged)?.data).toEqual({
      // The course's name as it became: the history sentence names the course whatever changed.
      name: 'Temp 2',
      before: { name: 'Temp', price: 450_000 },
      after: { name: 'Temp 2', price: 500_000 },
    });
  });

  it.each([
    [{ ...COURSE, name: '' }, 'name', 'required'],
    [{ ...COURSE, name: undefined }, 'name', 'required'],
    [{ ...COURSE, name: 'x'.repeat(101) }, 'name', 'too_big'],
    [{ ...COURSE, code: '' }, 'code', 'required'],
    [{ ...COURSE, code: 'EN G' }, 'code', 'invalid_format'],
    [{ ...COURSE, code: 'X'.repeat(21) }, 'code', 'too_big'],
    [{ ...COURSE, price: -1 }, 'price', 'too_small'],
    [{ ...COURSE, price: 10.5 }, 'price', 'invalid_type'],
    [{ ...COURSE, price: undefined }, 'price', 'required'],
    [{ ...COURSE, lesson_duration: 0 }, 'lesson_duration', 'too_small'],
    [{ ...COURSE, lesson_duration: undefined }, 'lesson_duration', 'required'],
    [{ ...COURSE, course_duration: 0 }, 'course_duration', 'too_small'],
    [{ ...COURSE, exam_duration: -5 }, 'exam_duration', 'too_small'],
    [{ ...COURSE, lessons_per_module: 1.5 }, 'lessons_per_module', 'invalid_type'],
  ])('refuses %j naming the field', async (input, field, rule) => {
    const res = await api('POST', '/course', input);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('keeps levels one deep: no level of a level, no course with levels as a level, not its own level', async () => {
    const { body: top } = await api('POST', '/course', { ...COURSE, name: 'Top' });
    const { body: level } = await api('POST', '/course', { ...COURSE, name: 'L1', parent_id: top.id });
    const { body: lone } = await api('POST', '/course', { ...COURSE, name: 'Lone' });
    const foreign = await createCourse(database.db, other.id, { name: 'Theirs' });

    const cases: [string, string, unknown, string][] = [
      ['POST', '/course', { ...COURSE, name: 'L2', parent_id: level.id }, 'parent_is_level'],
      ['PUT', `/course/${top.id}`, { ...COURSE, name: 'Top', parent_id: lone.id }, 'has_levels'],
      ['PUT', `/course/${lone.id}`, { ...COURSE, name: 'Lone', parent_id: lone.id }, 'parent_self'],
      ['POST', '/course', { ...COURSE, name: 'X', parent_id: foreign }, 'not_found'],
      ['POST', '/course', { ...COURSE, name: 'X', parent_id: 999_999_999 }, 'not_found'],
    ];
    for (const [method, url, body, rule] of cases) {
      const res = await api(method as 'POST', url, body);
      expect(res.status, `${method} ${url} ${rule}`).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'parent_id', rule })]);
    }
    // A level may move to another top-level course.
    const moved = await api('PUT', `/course/${level.id}`, { ...COURSE, name: 'L1', parent_id: lone.id });
    expect(moved.body.parent_id).toBe(lone.id);
  });

  it('deletes a course that leads were interested in; the leads stay, without a course', async () => {
    const { body: course } = await api('POST', '/course', { ...COURSE, name: 'Wanted' });
    const [lead] = await insertLeads(database.db, company.id, [
      { branchId: company.branchIds[0]!, name: 'Curious', phone: '951112233', courseId: course.id },
    ]);
    expect((await api('DELETE', `/course/${course.id}`)).status).toBe(200);
    const [row] = await inCompany(database.db, company.id, (tx) =>
      tx.select({ courseId: leads.courseId }).from(leads).where(eq(leads.id, lead!.id)),
    );
    expect(row).toEqual({ courseId: null });
  });

  it('refuses to delete a course with levels or groups (course_in_use)', async () => {
    const { body: parent } = await api('POST', '/course', { ...COURSE, name: 'Parent' });
    const { body: level } = await api('POST', '/course', { ...COURSE, name: 'Level', parent_id: parent.id });
    const withLevels = await api('DELETE', `/course/${parent.id}`);
    expect(withLevels.status).toBe(409);
    expect(withLevels.body.error).toMatchObject({ code: 'course_in_use', details: { levels: 1, groups: 0 } });

    await insertGroupRow(database, company, level.id);
    const withGroups = await api('DELETE', `/course/${level.id}`);
    expect(withGroups.status).toBe(409);
    expect(withGroups.body.error).toMatchObject({ code: 'course_in_use', details: { levels: 0, groups: 1 } });
    expect((await api('GET', `/course/${level.id}`)).status).toBe(200);
  });

  it("answers 404 for another company's course and leaves it untouched", async () => {
    const foreign = await createCourse(database.db, other.id, { name: 'Theirs', code: 'TH', price: 7 });
    expect((await api('GET', `/course/${foreign}`, undefined, owner)).status).toBe(404);
    expect((await api('PUT', `/course/${foreign}`, { ...COURSE }, owner)).status).toBe(404);
    expect((await api('DELETE', `/course/${foreign}`, undefined, owner)).status).toBe(404);
    const mine = await api('GET', '/course?per_page=500', undefined, owner);
    expect(mine.body.data.map((c: { id: number }) => c.id)).not.toContain(foreign);
    const theirs = await call(app, {
      url: `/api/v1/course/${foreign}`,
      sub: other.subdomain,
      token: await loginAs(app, other.subdomain, '900000001'),
    });
    expect(theirs.body).toMatchObject({ name: 'Theirs', price: 7 });
  });

  it('lets screens that choose a course read the list, but only the courses area change it', async () => {
    const cashier = await loginAs(app, sub(), '900000004');
    expect((await api('GET', '/course', undefined, cashier)).status).toBe(200);
    expect((await api('POST', '/course', COURSE, cashier)).status).toBe(403);
    expect((await api('GET', '/course', undefined, await loginAs(app, sub(), '900000007'))).status).toBe(403);
  });

  it('pages the list', async () => {
    const res = await api('GET', '/course?per_page=2&page=2');
    expect(res.body.pagination).toMatchObject({ current_page: 2, per_page: 2, count: res.body.data.length });
    expect(res.body.pagination.total_pages).toBe(Math.ceil(res.body.pagination.total / 2));
  });
});

describe('folders and files', () => {
  let courseId: number;
  beforeAll(async () => {
    courseId = (await api('POST', '/course', { ...COURSE, name: 'With files', code: 'WF' })).body.id;
  });

  it('creates, lists, renames and deletes a folder, each with a history event', async () => {
    const created = await api('POST', '/folder', { name: ' Homework ', course_id: courseId });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), course_id: courseId, name: 'Homework', files: [] });
    const list = await api('GET', `/folder?course_id=${courseId}`);
    expect(list.body.data).toContainEqual(created.body);
    const renamed = await api('PUT', `/folder/${created.body.id}`, { name: 'Tests' });
    expect(renamed.body).toMatchObject({ id: created.body.id, name: 'Tests' });
    expect((await api('GET', `/folder/${created.body.id}`)).body.name).toBe('Tests');
    expect((await api('DELETE', `/folder/${created.body.id}`)).body).toEqual({ ok: true });
    expect((await api('GET', `/folder/${created.body.id}`)).status).toBe(404);

    const actions = (await historyOf(courseId))
      .filter((e) => e.type === HistoryEvent.courseFolderChanged && e.data.folder_id === created.body.id)
      .map((e) => e.data.action);
    expect(actions.sort()).toEqual(['created', 'deleted', 'renamed']);
  });

  it('refuses an empty folder name and a folder of an unknown course', async () => {
    const empty = await api('POST', '/folder', { name: ' ', course_id: courseId });
    expect(empty.body.error.details).toContainEqual(expect.objectContaining({ field: 'name', rule: 'required' }));
    const foreign = await createCourse(database.db, other.id, { name: 'Theirs' });
    expect((await api('POST', '/folder', { name: 'X', course_id: foreign })).status).toBe(404);
    expect((await api('GET', `/folder?course_id=${foreign}`)).status).toBe(404);
  });

  it('uploads a file, serves it back with its name and type, and deletes it with its bytes', async () => {
    const { body: folder } = await api('POST', '/folder', { name: 'Books', course_id: courseId });
    const content = Buffer.from('%PDF-1.4 fake but fine');
    const before = await storedFiles();
    const up = await upload(folder.id, 'Grammar in Use – 1-dars.pdf', 'application/pdf', content);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      id: expect.any(Number),
      folder_id: folder.id,
      name: 'Grammar in Use – 1-dars.pdf',
      mime_type: 'application/pdf',
      size: content.length,
      created_at: expect.any(String),
    });
    const stored = (await storedFiles()).filter((f) => !before.includes(f));
    // The stored name is a random key, never the client's file name.
    expect(stored).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect((await api('GET', `/folder/${folder.id}`)).body.files).toEqual([up.body]);

    const download = await app.inject({
      url: `/api/v1/file/${up.body.id}`,
      headers: { host: `${sub()}.localhost`, authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Grammar in Use _ 1-dars.pdf"; filename*=UTF-8''Grammar%20in%20Use%20%E2%80%93%201-dars.pdf`,
    );

    expect((await api('DELETE', `/file/${up.body.id}`)).body).toEqual({ ok: true });
    expect(await storedFiles()).toEqual(before);
    expect((await api('GET', `/file/${up.body.id}`)).status).toBe(404);
    const events = (await historyOf(courseId)).filter((e) => e.data.file_id === up.body.id).map((e) => e.type);
    expect(events.sort()).toEqual([HistoryEvent.courseFileUploaded, HistoryEvent.courseFileDeleted].sort());
  });

  it('keeps only the base name of a path a browser sent, and stores the type of the extension', async () => {
    const { body: folder } = await api('POST', '/folder', { name: 'Paths', course_id: courseId });
    const up = await upload(folder.id, 'C:\\fakepath\\..\\notes.TXT', 'application/octet-stream', Buffer.from('hi'));
    expect(up.body).toMatchObject({ name: 'notes.TXT', mime_type: 'text/plain' });
  });

  it('refuses a type off the list, or a type that does not fit the extension (file_type_not_allowed)', async () => {
    const { body: folder } = await api('POST', '/folder', { name: 'Bad', course_id: courseId });
    const before = await storedFiles();
    for (const [name, type] of [
      ['virus.exe', 'application/x-msdownload'],
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['no-extension', 'application/pdf'],
      ['fake.pdf', 'text/html'],
    ]) {
      const res = await upload(folder.id, name!, type!, Buffer.from('x'));
      expect(res.status, name).toBe(415);
      expect(res.body.error.code, name).toBe('file_type_not_allowed');
    }
    expect(await storedFiles()).toEqual(before);
    expect((await api('GET', `/folder/${folder.id}`)).body.files).toEqual([]);
  });

  it('refuses a file over 25 MB (file_too_large) and keeps none of its bytes', async () => {
    const { body: folder } = await api('POST', '/folder', { name: 'Big', course_id: courseId });
    const before = await storedFiles();
    const res = await upload(folder.id, 'lecture.mp4', 'video/mp4', Buffer.alloc(FILE_MAX_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'file_too_large', details: { limit: FILE_MAX_BYTES } });
    expect(await storedFiles()).toEqual(before);
    // Far above the JSON body limit (1 MB), within the file limit.
    const fits = await upload(folder.id, 'fits.zip', 'application/zip', Buffer.alloc(3 * 1024 * 1024));
    expect(fits.body).toMatchObject({ name: 'fits.zip', size: 3 * 1024 * 1024 });
  });

  it('refuses a request without a file, and keeps no bytes for an unknown folder', async () => {
    const noFile = await api('POST', `/file/?folder_id=1`, { name: 'x' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.details).toContainEqual(expect.objectContaining({ field: 'file', rule: 'required' }));
    const foreignCourse = await createCourse(database.db, other.id, { name: 'Theirs' });
    const foreignFolder = await createCourseFolder(database.db, other.id, foreignCourse, 'Theirs');
    const before = await storedFiles();
    const res = await upload(foreignFolder, 'a.pdf', 'application/pdf', Buffer.from('x'));
    expect(res.status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it('removes the bytes of every file when their folder or course is deleted', async () => {
    const { body: course } = await api('POST', '/course', { ...COURSE, name: 'Short-lived', code: 'SL' });
    const { body: a } = await api('POST', '/folder', { name: 'A', course_id: course.id });
    const { body: b } = await api('POST', '/folder', { name: 'B', course_id: course.id });
    const before = await storedFiles();
    await upload(a.id, 'one.png', 'image/png', Buffer.from('1'));
    await upload(a.id, 'two.docx', 'application/octet-stream', Buffer.from('2'));
    await upload(b.id, 'three.mp3', 'audio/mpeg', Buffer.from('3'));
    expect((await storedFiles()).length).toBe(before.length + 3);
    await api('DELETE', `/folder/${a.id}`);
    expect((await storedFiles()).length).toBe(before.length + 1);
    expect((await api('DELETE', `/course/${course.id}`)).status).toBe(200);
    expect(await storedFiles()).toEqual(before);
  });

  it('keeps files to the courses area', async () => {
    const { body: folder } = await api('POST', '/folder', { name: 'Private', course_id: courseId });
    const cashier = await loginAs(app, sub(), '900000004');
    const res = await upload(folder.id, 'a.pdf', 'application/pdf', Buffer.from('x'), cashier);
    expect(res.status).toBe(403);
  });

  it('lets a limited administrator of another branch manage the company-wide catalogue', async () => {
    await createUser(database.db, company.id, {
      name: 'Limited',
      phone: '944444444',
      roles: [Role.limitedAdmin],
      branchIds: company.branchIds,
    });
    const limited = await loginAs(app, sub(), '944444444');
    expect((await api('POST', '/course', { ...COURSE, name: 'By limited' }, limited)).status).toBe(200);
  });
});
