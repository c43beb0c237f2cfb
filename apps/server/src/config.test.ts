import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'crm-config-'));

describe('loadConfig', () => {
  it('defaults to embedded mode on port 3000 and keeps a generated secret', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      baseDomain: 'localhost',
      databaseUrl: undefined,
      logLevel: 'info',
      dataDir: dir,
      trustProxy: [],
      workers: 1,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reports every bad value with its own message', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
        DATA_DIR: tempDir(),
      }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(
          /PORT: PORT must be a number[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres[\s\S]*JWT_SECRET: JWT_SECRET must be at least 32[\s\S]*LOG_LEVEL: LOG_LEVEL must be one of/,
        ),
      }),
    );
  });

  it('reads WORKERS as a number of processes or auto, and refuses anything else', () => {
    expect(loadConfig({ WORKERS: '4', DATA_DIR: tempDir() }).workers).toBe(4);
    expect(loadConfig({ WORKERS: 'auto', DATA_DIR: tempDir() }).workers).toBe('auto');
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect(() => loadConfig({ WORKERS: bad, DATA_DIR: tempDir() })).toThrow(
        /WORKERS: WORKERS must be a number of processes \(1-999\) or auto/,
      );
    }
  });

  it('requires JWT_SECRET with DATABASE_URL, since several servers must share it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/crm', DATA_DIR: tempDir() })).toThrow(
      /JWT_SECRET: required/,
    );
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY lists', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a comma-separated/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('file storage settings', () => {
  const S3 = {
    S3_BUCKET: 'crm-files',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files in DATA_DIR/files unless S3_BUCKET is set', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).files).toEqual({ kind: 'disk', dir: join(dir, 'files') });
  });

  it('reads an S3-compatible bucket, path-style for MinIO, under a prefix', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...S3, S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'crm/prod' });
    expect(config.files).toEqual({
      kind: 's3',
      bucket: 'crm-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'crm/prod/',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), ...S3, S3_REGION: 'eu-central-1' }).files).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('names each S3 setting a bucket lacks, and refuses S3 settings without a bucket', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'crm-files' })).toThrow(
      /S3_ENDPOINT: required when S3_BUCKET is set\n\s+S3_ACCESS_KEY_ID: required.*\n\s+S3_SECRET_ACCESS_KEY: req/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...S3, S3_ACCESS_KEY_ID: '' })).toThrow(
      /^Invalid configuration:\n\s+S3_ACCESS_KEY_ID: required when S3_BUCKET is set$/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'x' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT, S3_PREFIX are set/,
    );
  });

  it('refuses a bucket, an address or a prefix that cannot be one', () => {
    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: tempDir(), ...S3, ...env });
    expect(bad({ S3_BUCKET: 'Crm_Files' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(bad({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) address/);
    expect(bad({ S3_PREFIX: '../up' })).toThrow(/S3_PREFIX must be path segments/);
    expect(bad({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be 0 or 1/);
  });
});
