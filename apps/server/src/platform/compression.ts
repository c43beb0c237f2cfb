import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing: JSON, text (not server-sent events: a compressor would hold the
 * events back until its buffer filled), scripts, styles and SVG. @fastify/compress also asks
 * mime-db, which calls xlsx, pdf, png, jpeg and zip incompressible, so exports, invoices and
 * pictures go out as they are — and so does `application/octet-stream`, unlike the plugin's
 * default list, because a stored course file of an unknown type is most often an archive.
 */
const COMPRESSIBLE =
  /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream)|(?:application|text)\/javascript|image\/svg\+xml)/;

/**
 * Gzip or brotli for answers over 1 KB when the client accepts it (issue 18): a page of 50
 * students is ≈60 KB of JSON and ≈6 KB gzipped. Registered before every route (its hook is
 * added per route as routes are declared, and before @fastify/static, whose precompressed
 * files it then leaves alone). Brotli at quality 4 costs about what gzip's level 6 does.
 * Request bodies are not decompressed: no client sends them compressed, and a decompressor in
 * front of the body limit would be a way to send a large body in a small one.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: (type: string) => COMPRESSIBLE.test(type),
    globalDecompression: false,
  });
}
