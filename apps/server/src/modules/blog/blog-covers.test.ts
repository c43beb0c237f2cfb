import type { BlogPost } from '@crm/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { postFile } from '../courses/test-support.js';

/** The blog's cover pictures: re-encoded, served publicly at an immutable address, removed with their post. */
const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let other: CreatedCompany & { users: RoleUsers };
let admin: string;
let teacher: string;
let otherAdmin: string;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Covers Co',
    subdomain: uniqueSubdomain('covers'),
    branches: ['Main'],
  });
  other = await createCompanyWithRoleUsers(database.db, {
    name: 'Other Co',
    subdomain: uniqueSubdomain('covers-other'),
    branches: ['Main'],
  });
  admin = await loginAs(app, company.subdomain, '900000002');
  teacher = await loginAs(app, company.subdomain, '900000006');
  otherAdmin = await loginAs(app, other.subdomain, '900000002');
});

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const upload = (bytes: Buffer, token = admin, sub = company.subdomain) =>
  postFile(app, { url: '/blog/cover', sub, token }, 'cover.png', 'image/png', bytes);

/** The served bytes of a cover address, without signing in (an <img> sends no token). */
const fetchCover = (address: string) => app.inject({ method: 'GET', url: address });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
  call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token, body });

const postBody = (cover: string | null) => ({ title: 'With a cover', body_html: '<p>News</p>', cover });

describe('a cover picture', () => {
  it('is re-encoded as a JPEG inside 1600 px and served to anyone with long cache headers', async () => {
    const res = await upload(await picture(2400, 1200));
    expect(res.status).toBe(200);
    expect(res.body.cover).toMatch(new RegExp(`^/api/v1/blog/cover/${company.id}/[0-9a-f]{32}$`));
    const served = await fetchCover(res.body.cover);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 800]);
  });

  it('refuses what is not a picture, a missing file, and a caller who may not write news', async () => {
    expect((await upload(Buffer.from('<svg onload="alert(1)"></svg>'.repeat(4)))).status).toBe(415);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/blog/cover',
      headers: { host: `${company.subdomain}.localhost`, authorization: `Bearer ${admin}` },
    });
    expect(empty.statusCode).toBe(400);
    expect((await upload(await picture(10, 10), teacher)).status).toBe(403);
  });

  it('is kept by a post only when it is one of the company’s stored covers', async () => {
    const mine = (await upload(await picture(300, 200))).body.cover as string;
    const created = await api('POST', '/blog/', postBody(mine));
    expect(created.status).toBe(200);
    expect((created.body as BlogPost).cover).toBe(mine);

    const theirs = (await upload(await picture(300, 200), otherAdmin, other.subdomain)).body.cover as string;
    const foreign = await api('POST', '/blog/', postBody(theirs));
    expect([foreign.status, foreign.body.error.details[0].field]).toEqual([400, 'cover']);
    const neverStored = `/api/v1/blog/cover/${company.id}/${'a'.repeat(32)}`;
    expect((await api('POST', '/blog/', postBody(neverStored))).status).toBe(400);
    expect((await api('POST', '/blog/', postBody('https://evil.example/x.png'))).status).toBe(400);
  });

  it('goes when its post takes another one or is deleted, unless another post shows it', async () => {
    const first = (await upload(await picture(300, 200))).body.cover as string;
    const post = (await api('POST', '/blog/', postBody(first))).body as BlogPost;
    const sharing = (await api('POST', '/blog/', postBody(first))).body as BlogPost;

    const second = (await upload(await picture(300, 200))).body.cover as string;
    const changed = await api('PUT', `/blog/${post.id}`, postBody(second));
    expect(changed.body.cover).toBe(second);
    // The other post still shows the first cover.
    expect((await fetchCover(first)).statusCode).toBe(200);

    expect((await api('DELETE', `/blog/${sharing.id}`)).status).toBe(200);
    expect((await fetchCover(first)).statusCode).toBe(404);
    const removed = await api('PUT', `/blog/${post.id}`, postBody(null));
    expect(removed.body.cover).toBeNull();
    expect((await fetchCover(second)).statusCode).toBe(404);
  });
});
