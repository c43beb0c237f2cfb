import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/platform/s3-file-storage.js';

export interface S3TestServer {
  /** Settings that reach its bucket, as config.ts would read them from S3_* variables. */
  config: S3StorageConfig;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST protocol over HTTP, objects kept as files) on loopback and a
 * free port, with one empty bucket, its files in a temporary directory. It accepts any SigV4 signature made with
 * its one key pair and enforces no bucket policy (docs/decisions/0038).
 */
export async function startS3Server(bucket = 'crm-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'crm-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
