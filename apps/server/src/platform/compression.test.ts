import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp, uniqueSubdomain } from '../../test/helpers.js';
import { createCompanyWithRoleUsers } from '../seed/factories.js';
import { insertPeople } from '../seed/users-factories.js';

/** Issue 18: JSON answers over 1 KB compressed when the client accepts it; small ones and files as they are. */
const { app, database } = await openTestApp();
let sub: string;
let admin: string;
let listUrl: string;

const get = (url: string, encoding?: string) =>
  app.inject({
    url,
    headers: {
      host: `${sub}.localhost`,
      authorization: `Bearer ${admin}`,
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

beforeAll(async () => {
  const company = await createCompanyWithRoleUsers(database.db, {
    name: 'Zip Co',
    subdomain: uniqueSubdomain('zip'),
    branches: ['Main'],
  });
  sub = company.subdomain;
  admin = await loginAs(app, sub, '900000002');
  const branch = company.branchIds[0] as number;
  await insertPeople(
    database.db,
    company.id,
    [Role.student],
    Array.from({ length: 60 }, (_, i) => ({
      name: `Student Number ${i}`,
      phone: `95${String(i).padStart(7, '0')}`,
      branchIds: [branch],
    })),
  );
  listUrl = `/api/v1/user?user_type=student&branch_id=${branch}&per_page=50`;
});

describe('answer compression', () => {
  it('sends a large JSON list gzipped or brotli-compressed as asked, decoding to the same JSON', async () => {
    const plain = await get(listUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = plain.json();
    expect(json.data).toHaveLength(50);

    const gzip = await get(listUrl, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);

    const br = await get(listUrl, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    // Still an API answer: never kept by a shared cache.
    expect(br.headers['cache-control']).toBe('no-store');
  });

  it('leaves an answer under 1 KB as it is, errors included, with their usual shape', async () => {
    const small = await get('/api/health', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'up' });

    const missing = await get('/api/v1/user/999999999', 'gzip, br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ error: { code: expect.any(String), request_id: expect.any(String) } });
  });

  it('does not compress a spreadsheet (already a zip)', async () => {
    const sample = await get('/api/v1/user/import/sample?lang=en', 'gzip, br');
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toContain('spreadsheetml');
    expect(sample.headers['content-encoding']).toBeUndefined();
    // An xlsx is a zip archive: "PK".
    expect(sample.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
