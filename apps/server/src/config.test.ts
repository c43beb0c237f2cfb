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
