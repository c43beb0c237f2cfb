import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_JWT_SECRET } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';

/** Issue 18: the built web app's caching (immutable hashed assets, no-cache HTML) and compression. */
const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const HTML = `<!doctype html><html><head><title>CRM</title></head><body>${'<p>app</p>'.repeat(200)}</body></html>`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), HTML);
writeFileSync(join(dist, 'assets/app-Ab12.js'), SCRIPT);
// What the build writes beside a script: its brotli and gzip forms.
writeFileSync(join(dist, 'assets/app-Ab12.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets/app-Ab12.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(dist, 'assets/plain-Cd34.css'), `.row{color:red}\n`.repeat(200));

const database = await openTestDatabase();
const app = await buildApp({
  config: { baseDomain: 'localhost', jwtSecret: TEST_JWT_SECRET, logLevel: 'silent' },
  database,
  logger: false,
  webDist: dist,
  filesDir: join(dist, 'files'),
});
beforeAll(() => app.ready());
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ url, headers: { host: 'demo.localhost', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('the built web app', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await get('/assets/app-Ab12.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
  });

  it('sends index.html, for any app path, to be revalidated on every visit', async () => {
    for (const path of ['/', '/auth/login', '/students/list?page=2']) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(HTML);
    }
  });

  it('sends the precompressed script to a browser that accepts it', async () => {
    const br = await get('/assets/app-Ab12.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    const gzip = await get('/assets/app-Ab12.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it('compresses on the way out what the build did not, index.html included', async () => {
    const css = await get('/assets/plain-Cd34.css', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(css.rawPayload).toString()).toContain('.row{color:red}');
    const html = await get('/students/list', 'gzip');
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(html.rawPayload).toString()).toBe(HTML);
  });
});
