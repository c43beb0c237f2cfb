import { Readable } from 'node:stream';
import { PUBLIC } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FieldRefusal, notFound } from './errors.js';
import type { FileStorage } from './files.js';

/** How a kind of public picture is addressed: its served address, and the key an address names. */
export interface PictureAddressing {
  addressOf: (companyId: number, key: string) => string;
  keyOf: (address: string) => { companyId: number; key: string } | null;
}

/**
 * Pictures a company shows to people who are not signed in (a news cover, a lead form's header, a landing
 * page's picture), each kind in a folder of its own inside the file storage (`<files>/<folder>/<company>/<key>`).
 * They are served without a token, so they never share a key space with the company's private files: an
 * address naming a homework file's key finds nothing here, and releasing a picture removes only a picture.
 * The bytes stored are already re-encoded (platform/images.ts).
 */
export class PublicPictures {
  private readonly store: FileStorage;

  constructor(
    files: FileStorage,
    folder: string,
    private readonly addressing: PictureAddressing,
  ) {
    this.store = files.within(folder);
  }

  async save(companyId: number, bytes: Buffer): Promise<string> {
    const { key } = await this.store.save(companyId, Readable.from([bytes]));
    return this.addressing.addressOf(companyId, key);
  }

  open(companyId: number, key: string) {
    return this.store.open(companyId, key);
  }

  /** Removes the bytes of pictures nothing shows any more (addresses of other kinds are ignored). */
  async release(companyId: number, addresses: readonly (string | null)[]): Promise<void> {
    const keys = addresses.flatMap((address) => {
      const named = address ? this.addressing.keyOf(address) : null;
      return named && named.companyId === companyId ? [named.key] : [];
    });
    await this.store.remove(companyId, keys);
  }

  /** An address the input names: none, or a picture of this kind stored for this company; else `field`'s problem. */
  async checked(companyId: number, address: string | null, field: string): Promise<string | null> {
    if (address === null) return null;
    const named = this.addressing.keyOf(address);
    const size = named && named.companyId === companyId ? await this.store.size(companyId, named.key) : null;
    if (size === null) throw new FieldRefusal([{ field, rule: 'invalid_value', sentence: 'invalid_value' }]);
    return address;
  }
}

/** A stored picture never changes under its key (a new upload gets a new one), so browsers may keep it. */
const PICTURE_CACHE = 'public, max-age=31536000, immutable';
const pictureParams = z.object({
  company_id: z.coerce.number().int().positive(),
  key: z.string().regex(/^[0-9a-f]{32}$/),
});

/**
 * Serves a kind of public picture at `path` (`…/:company_id/:key`): without a token (an <img> sends none; the
 * key cannot be guessed), cached for good, as a JPEG that the browser may not sniff as anything else.
 */
export function servePublicPictures(
  fastify: FastifyInstance,
  path: string,
  pictures: PublicPictures,
  doc: { tags: string[]; summary: string },
) {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: { access: PUBLIC },
      schema: { ...doc, security: [], params: pictureParams },
      // After the API-wide `no-store` (security-headers.ts): route hooks run last.
      onSend: async (_req, reply) => {
        if (reply.statusCode === 200) reply.header('cache-control', PICTURE_CACHE);
      },
    },
    async (req, reply) => {
      const bytes = await pictures.open(req.params.company_id, req.params.key);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', bytes.size)
        .header('x-content-type-options', 'nosniff')
        .send(bytes.stream);
    },
  );
}
