import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CALL_RECORD_PATH, callRecordParamsSchema } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../platform/errors.js';
import { accountFor, askProvider, clientOf } from './pbx-access.js';

/** Where a recording may be fetched from: the provider's own hosts (or the configured API's, e.g. a test fake). */
export function isProviderAddress(address: string, apiUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const api = new URL(apiUrl);
  if (url.host === api.host && url.protocol === api.protocol) return true;
  return url.protocol === 'https:' && /(^|\.)(onlinepbx\.ru|onpbx\.ru)$/.test(url.hostname);
}

/**
 * GET /call/record/{uuid}: the recording, asked of the caller's account by its uuid — another company's call is
 * not in that account, so it is absent (404) — and streamed through with the caller's rights (area `call`),
 * never as the provider's address (which would work for anyone holding it).
 */
export function registerRecordingRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    CALL_RECORD_PATH,
    {
      config: { access: 'call' },
      schema: { tags: ['telephony'], summary: 'A call’s recording (audio).', params: callRecordParamsSchema },
    },
    async (req, reply) => {
      const url = await req.tenant(async (tx, actor) => {
        const account = await accountFor(tx, actor.companyId, actor.branchIds[0] ?? null);
        // No account: no recording of it either.
        if (!account) return null;
        return askProvider(() => clientOf(fastify, account).recordUrl(req.params.uuid)).catch((error: unknown) => {
          // The provider's "no such record" for another account's uuid is simply absence.
          if (error instanceof AppError && error.code === 'onlinepbx_refused') return null;
          throw error;
        });
      });
      if (!url || !isProviderAddress(url, fastify.telephony.config!.apiUrl)) throw notFound();
      const audio = await fetch(url, { signal: AbortSignal.timeout(60_000) }).catch(() => null);
      if (!audio?.ok || !audio.body) throw new AppError(502, 'onlinepbx_unavailable');
      const type = audio.headers.get('content-type') ?? '';
      return reply
        .header('content-type', type.startsWith('audio/') ? type : 'audio/mpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.fromWeb(audio.body as WebReadableStream));
    },
  );
}
