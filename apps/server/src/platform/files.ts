import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded bytes live (course files now, more later). */
    files: FileStorage;
  }
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Uploaded bytes on disk: `<root>/<company_id>/<key>`, the key random. A client's file name never becomes a
 * path; the database row keeps the name for downloads. One directory per company keeps a tenant's files
 * together for export or removal. Several servers need a shared disk, or S3-compatible storage behind this
 * same interface (ARCHITECTURE.md "Scale-out path").
 */
export class FileStorage {
  constructor(readonly root: string) {}

  private pathOf(companyId: number, key: string): string {
    if (!Number.isSafeInteger(companyId) || companyId <= 0 || !KEY_PATTERN.test(key)) {
      throw new Error(`FileStorage: invalid location ${companyId}/${key}`);
    }
    return join(this.root, String(companyId), key);
  }

  /** Writes a stream under a new key. A half-written file never appears under its key. */
  async save(companyId: number, source: Readable): Promise<{ key: string; size: number }> {
    const key = randomBytes(16).toString('hex');
    const path = this.pathOf(companyId, key);
    const partial = `${path}.part`;
    await mkdir(join(this.root, String(companyId)), { recursive: true });
    try {
      await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    const { size } = await stat(path);
    return { key, size };
  }

  /**
   * The stored bytes (or the inclusive byte range of them), with the whole file's size; null when they are
   * gone.
   */
  async open(
    companyId: number,
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null> {
    const path = this.pathOf(companyId, key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path, range), size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Removes bytes; already missing ones are fine (a retried delete). */
  async remove(companyId: number, keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(companyId, key), { force: true })));
  }
}

/**
 * The request's one uploaded file (cut at `maxBytes` if given: the part reads as truncated), or undefined when it carries none. A multipart body that cannot be
 * read (no boundary, cut short) is the client's mistake: 400 bad_request, not the parser's bare error.
 */
export async function firstUploadedFile(req: FastifyRequest, maxBytes?: number): Promise<MultipartFile | undefined> {
  if (!req.isMultipart()) return undefined;
  try {
    // A route's own limit, below the plugin's, stops a too large file while it streams in.
    return await req.file(maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes } });
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError(400, 'bad_request');
  }
}
