import { createHash } from 'node:crypto';
import { PUBLIC } from '@crm/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError, notFound } from './errors.js';
import type { FileStorage } from './files.js';
import { spendOrRefuse } from './request-rate.js';

/**
 * Short-lived signed links to stored bytes (decision 0033). A <video> element, an <a download> and an
 * <img> cannot send the Authorization header, so whoever may read a lesson receives, with it, links that
 * carry their own proof: the company, the storage key, the name and type, and an expiry, signed with a
 * key derived from the session secret for this use only (a media link is never a session token, and a
 * session token is never a media link). The right to the bytes is checked when the link is made.
 */
export interface MediaFile {
  companyId: number;
  key: string;
  name: string;
  mimeType: string;
}

/** Long enough to watch a long lesson video; short enough that a copied link soon stops working. */
export const MEDIA_LINK_TTL_SECONDS = 6 * 60 * 60;
const AUDIENCE = 'crm-media';

export class MediaLinks {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`media-links:${secret}`).digest();
  }

  /** The API path (under /api/v1) that serves the file to anyone holding it until it expires. */
  async pathOf(file: MediaFile, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    // Rounded down to the hour: the same file read twice in an hour gets the same link, so the browser's
    // cache of a video or image is not thrown away on every page load.
    const hour = issuedAt - (issuedAt % 3600);
    const token = await new SignJWT({ cid: file.companyId, key: file.key, name: file.name, mime: file.mimeType })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt(hour)
      .setExpirationTime(hour + MEDIA_LINK_TTL_SECONDS)
      .sign(this.key);
    return `/media/${token}`;
  }

  /** The file a link names, if it is genuine and unexpired at `now` (the server's clock). */
  async verify(token: string, now: Date): Promise<MediaFile | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: now,
      });
      const { cid, key, name, mime } = payload as Record<string, unknown>;
      if (typeof cid !== 'number' || typeof key !== 'string' || typeof name !== 'string' || typeof mime !== 'string') {
        return undefined;
      }
      return { companyId: cid, key, name, mimeType: mime };
    } catch {
      return undefined;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaLinks: MediaLinks;
  }
}

/** RFC 9110 single byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`); null for none, 'invalid' when unsatisfiable. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: serve the whole file (a server may ignore Range).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** Quotes a file name for Content-Disposition, with the UTF-8 form for non-ASCII names. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Types a browser may show in place; anything else downloads. */
const SHOWN_INLINE = /^(video|audio|image)\/|^application\/pdf$/;

async function sendMedia(reply: FastifyReply, files: FileStorage, file: MediaFile, rangeHeader: string | undefined) {
  // The size first, to read the Range against it: a stat or a HEAD, then only the bytes asked for are opened.
  const size = await files.size(file.companyId, file.key);
  if (size === null) throw notFound();
  const range = byteRange(rangeHeader, size);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.mimeType)
    .header('content-disposition', disposition(SHOWN_INLINE.test(file.mimeType) ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600');
  if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${size}`).send();
  const bytes = await files.open(file.companyId, file.key, range ?? undefined);
  if (!bytes) throw notFound();
  if (range === null) return reply.header('content-length', bytes.size).send(bytes.stream);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${bytes.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(bytes.stream);
}

/**
 * GET /media/{token}: the bytes a media link names, whole or by range (a video seeks with ranges). Public,
 * as the link is its own proof; counted per address like every public route, generously, since a video
 * plays as many range requests.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const rate = app.requestRate('media', 600);
  // A wildcard, not `:token`: a signed link is longer than the router's limit for one parameter (100).
  app.get(
    '/media/*',
    { config: { access: PUBLIC }, schema: { tags: ['files'], params: z.object({ '*': z.string().max(2000) }) } },
    async (req, reply) => {
      await spendOrRefuse(rate, req.ip);
      const file = await app.mediaLinks.verify((req.params as { '*': string })['*'], app.clock());
      if (!file) throw new AppError(404, 'not_found');
      return sendMedia(reply, app.files, file, req.headers.range);
    },
  );
}
