import { join } from 'node:path';
import { z } from 'zod';
import type { FileStorageConfig } from './platform/open-file-storage.js';

/** The S3_* variables of config.ts's environment (decision 0038); without S3_BUCKET files stay in DATA_DIR/files. */
export const FILE_STORAGE_ENV = {
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) address' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { message: 'S3_FORCE_PATH_STYLE must be 0 or 1' }).optional(),
  S3_PREFIX: z
    .string()
    .refine(
      // No `.` or `..` segment: MinIO and others read object names as paths.
      (prefix) =>
        prefix
          .replace(/\/$/, '')
          .split('/')
          .every((part) => /^[\w.-]+$/.test(part) && !/^\.\.?$/.test(part)),
      'S3_PREFIX must be path segments of letters, digits, ".", "_", "-" (e.g. crm/prod)',
    )
    .optional(),
};

type FileStorageEnv = { [name in keyof typeof FILE_STORAGE_ENV]?: string };

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/**
 * S3_BUCKET switches uploads to the bucket. An S3 setting without it is refused rather than ignored, since files
 * would then quietly stay on one machine's disk while the operator believes them shared. Answers the storage, or
 * one line per problem for config.ts to report with the others.
 */
export function readFileStorage(
  e: FileStorageEnv,
  dataDir: string,
): { files: FileStorageConfig } | { problems: string[] } {
  if (!e.S3_BUCKET) {
    const stray = S3_SETTINGS.filter((name) => e[name] !== undefined);
    if (stray.length) {
      return { problems: [`S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`] };
    }
    return { files: { kind: 'disk', dir: join(dataDir, 'files') } };
  }
  const { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!endpoint || !accessKeyId || !secretAccessKey) {
    const required = { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey };
    const missing = Object.entries(required).filter(([, value]) => !value);
    return { problems: missing.map(([name]) => `${name}: required when S3_BUCKET is set`) };
  }
  return {
    files: {
      kind: 's3',
      bucket: e.S3_BUCKET,
      endpoint,
      region: e.S3_REGION ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
      prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/$/, '')}/` : '',
    },
  };
}
