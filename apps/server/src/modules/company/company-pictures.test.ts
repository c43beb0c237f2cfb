import { COMPANY_IMAGE, HistoryEvent } from '@crm/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';
import { postFile } from '../courses/test-support.js';
import { pictureKeyOf } from './pictures.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let owner: string;
let director: string;
let admin: string;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Pictures Co',
    subdomain: uniqueSubdomain('pictures'),
    branches: ['Main'],
  });
  owner = await loginAs(app, company.subdomain, '900000008');
  director = await loginAs(app, company.subdomain, '900000009');
  admin = await loginAs(app, company.subdomain, '900000002');
});

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

const upload = (what: 'logo' | 'backgrounds', bytes: Buffer, token = owner, type = 'image/png', id = company.id) =>
  postFile(app, { url: `/company/${id}/${what}`, sub: company.subdomain, token }, 'picture.png', type, bytes);

/** The served bytes of a picture address, without signing in (the log-in page's view). */
const fetchPicture = (address: string) => app.inject({ method: 'GET', url: address });

const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown, token = owner) =>
  call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token, body });

const pictureEvents = async () => {
  const res = await api('GET', `/company/${company.id}/history?type=${HistoryEvent.companyPictureChanged}`);
  return (res.body.data as { data: Record<string, unknown> }[]).map((e) => e.data).reverse();
};

const stored = (address: string) => app.files.open(company.id, pictureKeyOf(address, company.id) as string);

describe('the logo', () => {
  it('is resized inside 512 px, served to anyone with long cache headers and shown on the log-in page at once', async () => {
    const res = await upload('logo', await picture(1200, 800, 'png'), director, 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.body.logo).toMatch(new RegExp(`^/api/v1/company/${company.id}/picture/[0-9a-f]{32}$`));
    const served = await fetchPicture(res.body.logo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 512, 341, true]);
    const shared = await call(app, { url: `/api/v1/company/subdomain/${company.subdomain}` });
    expect(shared.body.logo).toBe(res.body.logo);
  });

  it('replaces the old one, whose bytes and address go; removing it empties the logo', async () => {
    const first = (await api('GET', `/company/byid/${company.id}`)).body.logo as string;
    const res = await upload('logo', await picture(100, 60, 'jpeg'), owner, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.logo).not.toBe(first);
    expect(await stored(first)).toBeNull();
    expect((await fetchPicture(first)).statusCode).toBe(404);
    // A small logo is not enlarged.
    expect((await sharp((await fetchPicture(res.body.logo)).rawPayload).metadata()).width).toBe(100);

    const removed = await api('DELETE', `/company/${company.id}/logo`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ logo: null });
    expect(await stored(res.body.logo)).toBeNull();
    expect((await fetchPicture(res.body.logo)).statusCode).toBe(404);
    expect((await api('GET', `/company/${company.id}`)).body.logo).toBeNull();
    expect(await pictureEvents()).toEqual([
      { picture: 'logo', change: 'added' },
      { picture: 'logo', change: 'added' },
      { picture: 'logo', change: 'removed' },
    ]);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, whatever the client calls it (415)', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!', 'latin1');
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const brokenPng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    for (const bytes of [gif, text, brokenPng, Buffer.from('tiny')]) {
      const res = await upload('logo', bytes, owner, 'image/png');
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('image_type_refused');
    }
  });

  it('refuses a picture above 5 MB (413) and a request without a file (400)', async () => {
    const huge = Buffer.alloc(COMPANY_IMAGE.maxBytes + 1024, 1);
    (await picture(10, 10, 'png')).copy(huge);
    const res = await upload('logo', huge);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('image_too_large');
    const empty = await api('GET', `/company/byid/${company.id}`);
    expect(empty.body.logo).toBeNull();
    const none = await call(app, {
      method: 'POST',
      url: `/api/v1/company/${company.id}/logo`,
      sub: company.subdomain,
      token: owner,
      body: {},
    });
    expect(none.status).toBe(400);
  });

  it('refuses an admin (403), an anonymous caller (401) and another company (404)', async () => {
    const bytes = await picture(20, 20, 'png');
    expect((await upload('logo', bytes, admin)).status).toBe(403);
    const other = await createCompanyWithRoleUsers(database.db, {
      name: 'Other',
      subdomain: uniqueSubdomain('other'),
      branches: ['O'],
    });
    expect((await upload('logo', bytes, owner, 'image/png', other.id)).status).toBe(404);
    expect((await upload('backgrounds', bytes, owner, 'image/png', other.id)).status).toBe(404);
    expect((await api('DELETE', `/company/${other.id}/logo`)).status).toBe(404);
    const anonymous = await call(app, { method: 'DELETE', url: `/api/v1/company/${company.id}/logo` });
    expect(anonymous.status).toBe(401);
    // A picture address of an unused key answers nothing.
    expect((await fetchPicture(`/api/v1/company/${company.id}/picture/${'a'.repeat(32)}`)).statusCode).toBe(404);
  });
});

describe('the backgrounds', () => {
  it('are resized to 1920 px wide without the camera metadata, at most five', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366aa' } })
      .withExif({ IFD0: { Copyright: 'Secret place', Make: 'PhoneCam' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload('backgrounds', photo, owner, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.backgrounds).toHaveLength(1);
    const served = await fetchPicture(res.body.backgrounds[0]);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1920, 1280, undefined]);

    const small = await picture(40, 30, 'webp');
    for (let i = 2; i <= 5; i++) expect((await upload('backgrounds', small)).body.backgrounds).toHaveLength(i);
    const sixth = await upload('backgrounds', small);
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe('backgrounds_full');
  });

  it('are reordered and removed by the settings save; removed files leave the storage', async () => {
    const current = (await api('GET', `/company/byid/${company.id}`)).body.backgrounds as string[];
    expect(current).toHaveLength(5);
    const [a, b, c, d, e] = current as [string, string, string, string, string];
    const kept = [c, a, e];
    const res = await api('PUT', `/company/${company.id}/datas`, { backgrounds: kept });
    expect(res.status).toBe(200);
    expect((await api('GET', `/company/byid/${company.id}`)).body.backgrounds).toEqual(kept);
    expect(await stored(b)).toBeNull();
    expect(await stored(d)).toBeNull();
    expect(await stored(c)).not.toBeNull();
    expect((await fetchPicture(b)).statusCode).toBe(404);
    const events = await pictureEvents();
    expect(events.filter((x) => x.picture === 'background' && x.change === 'removed')).toHaveLength(2);
  });

  it('refuses a background the company does not have, or one twice (400), and keeps the list', async () => {
    const current = (await api('GET', `/company/byid/${company.id}`)).body.backgrounds as string[];
    const foreign = `/api/v1/company/${company.id}/picture/${'b'.repeat(32)}`;
    for (const backgrounds of [[...current, foreign], [current[0], current[0]], ['https://evil.example/x.jpg']]) {
      const res = await api('PUT', `/company/${company.id}/datas`, { backgrounds });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('backgrounds');
    }
    expect((await api('GET', `/company/byid/${company.id}`)).body.backgrounds).toEqual(current);
  });
});
