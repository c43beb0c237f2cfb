import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../src/seed/factories.js';
import { call, loginAs, openTestApp, uniqueSubdomain } from './helpers.js';

/** Issue 13 §2, §4 and §8: what the server answers to bad text, bad requests and every framework refusal. */
const { app } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let admin: string;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(app.database.db, {
    name: 'Hardened',
    subdomain: uniqueSubdomain('hard'),
    branches: ['H'],
  });
  admin = await loginAs(app, company.subdomain, company.users.admin.phone);
});

/** A request body exactly as given, with its content type, as the admin on the company's host. */
const rawPost = (url: string, contentType: string, payload: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { host: `${company.subdomain}.localhost`, authorization: `Bearer ${admin}`, 'content-type': contentType },
    payload,
  });

const expectErrorShape = (body: unknown) =>
  expect(errorBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);

describe('text the database cannot keep', () => {
  it('refuses a NUL in a path parameter, without log-in, naming the field', async () => {
    const res = await call(app, { url: '/api/v1/company/subdomain/%00' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'sub', rule: 'invalid_characters' })]);
  });

  it('refuses a NUL in the public lead form and in a search query', async () => {
    const lead = await call(app, {
      method: 'POST',
      url: '/api/v1/public/lead',
      sub: company.subdomain,
      body: { name: 'a\u0000b', phone: '901234567', branch_id: company.branchIds[0] },
    });
    expect(lead.status).toBe(400);
    expect(lead.body.error.details[0]).toMatchObject({ field: 'name', rule: 'invalid_characters' });
    const search = await call(app, { url: '/api/v1/user?name_or_phone=%00', sub: company.subdomain, token: admin });
    expect(search.status).toBe(400);
    expect(search.body.error.details[0]).toMatchObject({ field: 'name_or_phone', rule: 'invalid_characters' });
  });

  it('refuses a lone surrogate (it has no UTF-8 form) instead of failing on the history record', async () => {
    const res = await rawPost('/api/v1/tags', 'application/json', '{"name":"\\ud800x","type":1}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'name', rule: 'invalid_characters' });
    // A correct pair (an emoji) is kept.
    const ok = await call(app, {
      method: 'POST',
      url: '/api/v1/tags',
      sub: company.subdomain,
      token: admin,
      body: { name: 'VIP 🎓', type: 1 },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a body nested deeper than any request of ours', async () => {
    const deep = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    const res = await rawPost('/api/v1/tags', 'application/json', deep);
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json());
  });
});

describe('field messages', () => {
  it('says a missing number is required, in the caller’s language, never "NaN"', async () => {
    const en = await call(app, {
      url: '/api/v1/payment',
      sub: company.subdomain,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    expect(en.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'branch_id', rule: 'required', message: 'branch_id is required.' }),
    );
    expect(en.body.error.message).not.toMatch(/NaN/);
    const ru = await call(app, {
      url: '/api/v1/payment',
      sub: company.subdomain,
      token: admin,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(ru.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'branch_id', message: 'Поле branch_id обязательно.' }),
    );
  });

  it('says a malformed number is not a number', async () => {
    const res = await call(app, {
      url: '/api/v1/payment?branch_id=abc',
      sub: company.subdomain,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(res.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'branch_id', rule: 'invalid_type', message: 'branch_id must be a number.' }),
    );
  });
});

describe('values the database would refuse', () => {
  it('refuses year 0000, a multipart body without a boundary and an event type past smallint with 400', async () => {
    const date = await call(app, { url: '/api/v1/holiday?from=0000-01-01', sub: company.subdomain, token: admin });
    expect([date.status, date.body.error.details[0].field]).toEqual([400, 'from']);
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v1/user/import?branch_id=${company.branchIds[0]}`,
      headers: {
        host: `${company.subdomain}.localhost`,
        authorization: `Bearer ${admin}`,
        'content-type': 'multipart/form-data',
      },
      payload: '{}',
    });
    expect([upload.statusCode, upload.json().error.code]).toEqual([400, 'bad_request']);
    const ceo = await loginAs(app, company.subdomain, company.users.ceo.phone);
    const history = await call(app, {
      url: `/api/v1/company/${company.id}/history?type=99999999999`,
      sub: company.subdomain,
      token: ceo,
    });
    expect([history.status, history.body.error.details[0].field]).toEqual([400, 'type']);
  });

  it('words a lead-board change’s own checks like every other field, without zod’s text', async () => {
    const res = await call(app, {
      method: 'POST',
      url: `/api/v1/lead-increment/?branch_id=${company.branchIds[0]}`,
      sub: company.subdomain,
      token: admin,
      headers: { 'accept-language': 'en' },
      body: { action: 'update', type: 'section', uuid: '6f1c2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', data: {} },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'data.title', rule: 'required', message: 'data.title is required.' }),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/Invalid input|received undefined/);
  });
});

describe('every refusal in one shape', () => {
  it('answers a malformed URL, malformed JSON, a wrong content type and a large body with their own codes', async () => {
    const badUrl = await call(app, { url: '/api/v1/user/%zz', sub: company.subdomain });
    expect([badUrl.status, badUrl.body.error.code]).toEqual([400, 'bad_request']);
    const badJson = await rawPost('/api/v1/tags', 'application/json', '{"name":');
    expect([badJson.statusCode, badJson.json().error.code]).toEqual([400, 'bad_request']);
    const xml = await rawPost('/api/v1/tags', 'application/xml', '<a/>');
    expect([xml.statusCode, xml.json().error.code]).toEqual([415, 'unsupported_media_type']);
    const big = await rawPost(
      '/api/v1/tags',
      'application/json',
      JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), type: 1 }),
    );
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'payload_too_large']);
    for (const res of [badUrl.body, badJson.json(), xml.json(), big.json()]) {
      expectErrorShape(res);
      expect(JSON.stringify(res)).not.toMatch(/FST_|Fastify|zod/i);
    }
  });

  it('answers Node’s own refusals (headers over its limit) in the shape too', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'x'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error.code).toBe('headers_too_large');
  });
});

describe('headers', () => {
  it('sends a CSP, frame, sniffing, referrer and permissions headers on the app and no-store on the API', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(api.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets any site embed the public lead form, and only it', async () => {
    const form = await app.inject({
      method: 'GET',
      url: '/entry/lead',
      headers: { host: `${company.subdomain}.localhost` },
    });
    expect(form.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(form.headers['x-frame-options']).toBeUndefined();
    // A centre's Facebook pixel may load on its public forms, and only there.
    expect(form.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/connect\.facebook\.net;/);
    const app_ = await app.inject({ method: 'GET', url: '/students/list' });
    expect(app_.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });
});
