import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../../platform/error-handler.js';

/**
 * Serves the built web app: real files as they are (hashed assets cached for a
 * year, immutable), every other path as index.html (no-cache: a release is seen on the
 * next visit) so the SPA's router answers it. The build writes a `.br` and a `.gz` beside
 * each script and style (apps/web/vite.config.ts), sent to a browser that accepts them;
 * any other file is compressed on the way out (platform/compression.ts).
 */
export default async function webModule(app: FastifyInstance, options: { webDist?: string }) {
  const root = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : undefined;
  if (root) await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  // HTML is revalidated on every visit, so a release is seen at once. Set here, after the file is found:
  // send writes its own "public, max-age=0" over a header given before (sendFile's cacheControl: false
  // is dropped when it falls back from a missing index.html.br to the file itself).
  app.addHook('onSend', async (_req, reply) => {
    if (String(reply.getHeader('content-type')).startsWith('text/html')) reply.header('cache-control', 'no-cache');
  });

  app.setNotFoundHandler((req, reply) => sendRouteNotFound(req, reply));

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) return sendRouteNotFound(req, reply);
    if (!root) return reply.type('text/plain').send('The web app is not built: run `npm run build`.');
    const file = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    if (file !== '/' && existsSync(join(root, file))) {
      const immutable = file.startsWith('/assets/');
      return reply.sendFile(file, { immutable, maxAge: immutable ? 31_536_000_000 : 0 });
    }
    return reply.sendFile('index.html');
  });
}
