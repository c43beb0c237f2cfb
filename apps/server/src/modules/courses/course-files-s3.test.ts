import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { FILE_MAX_BYTES } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../../test/fakes/s3-server.js';
import { buildTestApp, loginAs, openTestDatabase } from '../../../test/helpers.js';
import { openFileStorage } from '../../platform/open-file-storage.js';
import { connectS3 } from '../../platform/s3-file-storage.js';
import { createCourse } from '../../seed/courses-factories.js';
import type { CreatedCompany, RoleUsers } from '../../seed/factories.js';
import { openCatalogCompany, postFile } from './test-support.js';

/**
 * Course files with the S3 storage (decision 0038): the bytes go to the bucket as `<company_id>/<key>`, and come
 * back only through the API, to a user of the company that owns them.
 */
const database = await openTestDatabase();
let s3: S3TestServer;
let bucket: S3Client;
let app: FastifyInstance;
let catalog: Awaited<ReturnType<typeof openCatalogCompany>>;
let other: CreatedCompany & { users: RoleUsers };

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = connectS3(s3.config);
  app = await buildTestApp(database, { files: await openFileStorage({ kind: 's3', ...s3.config }) });
  await app.ready();
  catalog = await openCatalogCompany(app, database, 's3files');
  other = await catalog.other();
});

afterAll(async () => {
  await app?.close();
  bucket?.destroy();
  await s3?.stop();
});

/** The objects the bucket holds for a company, as S3 itself lists them. */
const objectsOf = async (companyId: number) =>
  (
    (await bucket.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: `${companyId}/` }))).Contents ?? []
  ).map((object) => ({ name: object.Key, size: object.Size }));

const download = (url: string, sub: string, token: string) =>
  app.inject({ url, headers: { host: `${sub}.localhost`, authorization: `Bearer ${token}` } });

describe('course files in an S3 bucket', () => {
  it('stores an upload as an object of the company, serves it to its users and to nobody else', async () => {
    const { company, admin, owner } = catalog;
    const courseId = await createCourse(database.db, company.id, { name: 'Bucket English' });
    const content = Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(50_000)]);
    const uploaded = await postFile(
      app,
      { url: `/file/upload?course_id=${courseId}`, sub: company.subdomain, token: admin },
      'handout.pdf',
      'application/pdf',
      content,
    );
    expect(uploaded.status).toBe(200);

    const objects = await objectsOf(company.id);
    expect(objects).toEqual([
      { name: expect.stringMatching(new RegExp(`^${company.id}/[0-9a-f]{32}$`)), size: content.length },
    ]);

    for (const token of [admin, owner]) {
      const res = await download(uploaded.body.url, company.subdomain, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(content.length));
      expect(res.rawPayload.equals(content)).toBe(true);
    }

    // Another company's admin, on his own host, names the same file: it is not his company's.
    const stranger = await loginAs(app, other.subdomain, '900000002');
    const refused = await download(uploaded.body.url, other.subdomain, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.rawPayload.includes(content.subarray(0, 200))).toBe(false);
    // And his token on this company's host is refused before any file is looked at.
    expect((await download(uploaded.body.url, company.subdomain, stranger)).statusCode).toBe(401);

    const removed = await catalog.api('DELETE', `/file/${uploaded.body.id}`);
    expect(removed.body).toEqual({ ok: true });
    expect(await objectsOf(company.id)).toEqual([]);
  });

  it('keeps no object of an upload over the size limit, streamed to the bucket before it was cut', async () => {
    const { company, admin } = catalog;
    const courseId = await createCourse(database.db, company.id, { name: 'Bucket Limits' });
    const big = await postFile(
      app,
      { url: `/file/upload?course_id=${courseId}`, sub: company.subdomain, token: admin },
      'lecture.mp4',
      'video/mp4',
      Buffer.alloc(FILE_MAX_BYTES + 1),
    );
    expect(big.status).toBe(413);
    expect(await objectsOf(company.id)).toEqual([]);
  });
});
