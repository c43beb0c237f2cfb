import { mkdir } from 'node:fs/promises';
import { DiskFileStorage } from './disk-file-storage.js';
import type { FileStorage } from './files.js';
import { connectS3, S3FileStorage, type S3StorageConfig } from './s3-file-storage.js';

/** Where uploaded bytes go (config.ts): a directory of this machine, or an S3-compatible bucket. */
export type FileStorageConfig = { kind: 'disk'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

/**
 * The one place that chooses the storage. An S3 bucket is tried at start, so a wrong endpoint, bucket or key
 * stops the server with a sentence saying so instead of failing the first upload.
 */
export async function openFileStorage(config: FileStorageConfig): Promise<FileStorage> {
  if (config.kind === 'disk') {
    await mkdir(config.dir, { recursive: true });
    return new DiskFileStorage(config.dir);
  }
  const storage = new S3FileStorage(connectS3(config), config.bucket, config.prefix);
  await storage.checkBucket();
  return storage;
}

/** Says where files are kept, for the start-up line (never the credentials). */
export function describeFileStorage(config: FileStorageConfig): string {
  return config.kind === 'disk' ? config.dir : `S3 bucket ${config.bucket}/${config.prefix} at ${config.endpoint}`;
}
