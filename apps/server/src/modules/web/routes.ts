import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../../platform/error-handler.js';

/**
 * Serves the built web app: real files as they are (hashed assets cached for a
 * year), every other path as index.html so the SPA's router answers it.
 */
export default async function webModule(app: FastifyInstance, options: { webDist?: string }) {
  const root = options.webDist && existsSync(join(options.webDist, 'index.html')) ? options.webDist : undefined;
  if (root) await app.register(fastifyStatic, { root, serve: false });

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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
