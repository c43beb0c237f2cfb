import { COURSE_UPLOADS_FOLDER, FILE_MAX_BYTES, HistoryEvent } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { createCourse } from '../../seed/courses-factories.js';
import { openCatalogCompany, postFile } from './test-support.js';

/** Spec §7 `POST file/upload`: the generic upload of the course area (courses/routes.ts). */
const { app, database } = await openTestApp();
const catalog = await openCatalogCompany(app, database, 'uploads');
const { company, admin, api } = catalog;
const other = await catalog.other();

const upload = (query: string, fileName: string, type: string, content: Buffer, token = admin) =>
  postFile(app, { url: `/file/upload?${query}`, sub: company.subdomain, token }, fileName, type, content);

/** Every key stored for the company, a leftover of an unfinished write included. */
const storedFiles = () => app.files.list(company.id);

const newCourse = (name: string) => createCourse(database.db, company.id, { name });

describe('POST /file/upload', () => {
  it("files an upload into the course's Uploads folder, made once, and answers where to download it", async () => {
    const courseId = await newCourse('Generic English');
    const content = Buffer.from('%PDF-1.4 lesson handout');
    const first = await upload(`course_id=${courseId}`, 'handout.pdf', 'application/pdf', content);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(Number),
      course_id: courseId,
      folder_id: expect.any(Number),
      name: 'handout.pdf',
      mime_type: 'application/pdf',
      size: content.length,
      created_at: expect.any(String),
      url: `/api/v1/file/${first.body.id}`,
    });
    const second = await upload(`course_id=${courseId}`, 'photo.png', 'image/png', Buffer.from('png'));
    expect(second.body.folder_id).toBe(first.body.folder_id);

    const folders = (await api('GET', `/folder?course_id=${courseId}`)).body.data;
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatchObject({ id: first.body.folder_id, name: COURSE_UPLOADS_FOLDER });
    expect(folders[0].files.map((f: { name: string }) => f.name).sort()).toEqual(['handout.pdf', 'photo.png']);

    const download = await app.inject({
      url: first.body.url,
      headers: { host: `${company.subdomain}.localhost`, authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    const events = (await catalog.historyOf('course', courseId)).map((e) => e.type);
    expect(events.filter((t) => t === HistoryEvent.courseFolderChanged)).toHaveLength(1);
    expect(events.filter((t) => t === HistoryEvent.courseFileUploaded)).toHaveLength(2);
  });

  it('files an upload into a folder named instead, and wants exactly one of course_id and folder_id', async () => {
    const courseId = await newCourse('Generic Math');
    const { body: folder } = await api('POST', '/folder', { name: 'Tests', course_id: courseId });
    const into = await upload(`folder_id=${folder.id}`, 'test.docx', 'application/octet-stream', Buffer.from('d'));
    expect(into.body).toMatchObject({ folder_id: folder.id, course_id: courseId, name: 'test.docx' });

    const before = await storedFiles();
    for (const query of ['', `course_id=${courseId}&folder_id=${folder.id}`]) {
      const res = await upload(query, 'a.pdf', 'application/pdf', Buffer.from('x'));
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('holds the limits of every upload: the type allow-list (415) and 25 MB (413), keeping no bytes', async () => {
    const courseId = await newCourse('Generic Limits');
    const before = await storedFiles();
    const script = await upload(`course_id=${courseId}`, 'page.html', 'text/html', Buffer.from('<script>'));
    expect([script.status, script.body.error.code]).toEqual([415, 'file_type_not_allowed']);
    const big = await upload(`course_id=${courseId}`, 'lecture.mp4', 'video/mp4', Buffer.alloc(FILE_MAX_BYTES + 1));
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ code: 'file_too_large', details: { limit: FILE_MAX_BYTES } });
    expect(await storedFiles()).toEqual(before);
    // Nothing was filed, so the course got no folder either.
    expect((await api('GET', `/folder?course_id=${courseId}`)).body.data).toEqual([]);
  });

  it("refuses another company's course (404) without keeping its bytes, and a role outside the courses area", async () => {
    const foreign = await createCourse(database.db, other.id, { name: 'Theirs' });
    const before = await storedFiles();
    const res = await upload(`course_id=${foreign}`, 'a.pdf', 'application/pdf', Buffer.from('x'));
    expect(res.status).toBe(404);
    expect(await storedFiles()).toEqual(before);

    const courseId = await newCourse('Generic Closed');
    const cashier = await loginAs(app, company.subdomain, '900000004');
    const refused = await upload(`course_id=${courseId}`, 'a.pdf', 'application/pdf', Buffer.from('x'), cashier);
    expect(refused.status).toBe(403);
    expect(await storedFiles()).toEqual(before);
  });
});
