import { defineConfig } from 'vitest/config';
import { reporters, workers } from '../../vitest.shared.js';

/**
 * The one file that replaces a module with vi.mock runs in its own isolated project; the rest share each
 * worker's loaded modules (isolate: false), which saves every file the import of the whole server (measured in
 * docs/performance.md "Test time"). Every file opens its own database, and no module keeps state about one.
 */
const MOCKING_FILES = ['src/modules/groups/students-in-group.test.ts'];
/**
 * Files that change the platform's merchant accounts, which every payments file reads: on the shared
 * PostgreSQL of the API suite one ran beside a Payme file and changed its key mid-test (CI, 2026-11-29). They
 * run after all the others (`groupOrder`). On PGlite every file has its own database anyway.
 */
const PLATFORM_MERCHANT_WRITERS = ['src/modules/console/console-licence-settings.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    ...workers(),
    ...reporters('server'),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...MOCKING_FILES, ...PLATFORM_MERCHANT_WRITERS],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'server-mocks', include: MOCKING_FILES, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'server-platform', include: PLATFORM_MERCHANT_WRITERS, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
