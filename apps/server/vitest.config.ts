import { defineConfig } from 'vitest/config';
import { reporters, workers } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    ...workers(),
    ...reporters('server'),
  },
});
