import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, checkFolder, checkLocation, type FileStorage, newFileKey } from './files.js';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Uploaded bytes on the local disk: `<root>/<company_id>/<key>` (DATA_DIR/files, the embedded default). One
 * directory per company keeps a tenant's files together for export or removal. Several servers need a shared
 * disk or S3FileStorage (ARCHITECTURE.md "Scale-out path").
 */
export class DiskFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private companyDir(companyId: number): string {
    checkLocation(companyId);
    return join(this.root, String(companyId));
  }

  private pathOf(companyId: number, key: string): string {
    checkLocation(companyId, key);
    return join(this.root, String(companyId), key);
  }

  async save(companyId: number, source: Readable): Promise<{ key: string; size: number }> {
    const key = newFileKey();
    const path = this.pathOf(companyId, key);
    // Written beside, then renamed: a rename within a directory is atomic, so a reader sees all bytes or none.
    const partial = `${path}.part`;
    await mkdir(this.companyDir(companyId), { recursive: true });
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

  async open(companyId: number, key: string, range?: ByteRange) {
    const path = this.pathOf(companyId, key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path, range), size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async size(companyId: number, key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(companyId, key))).size;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(companyId: number, keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(companyId, key), { force: true })));
  }

  async list(companyId: number): Promise<string[]> {
    try {
      return await readdir(this.companyDir(companyId));
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
  }

  within(folder: string): FileStorage {
    checkFolder(folder);
    return new DiskFileStorage(join(this.root, folder));
  }
}
