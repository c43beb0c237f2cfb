import { defineConfig } from 'vitest/config';
import { reporters, workers } from '../../vitest.shared.js';

/**
 * The one file that replaces a module with vi.mock runs in its own isolated project; the rest share each
 * worker's loaded modules (isolate: false), which saves every file the import of the whole server (measured in
 * docs/performance.md "Test time"). Every file opens its own database, and no module keeps state about one.
 */
const MOCKING_FILES = ['src/modules/groups/students-in-group.test.ts'];

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
          exclude: MOCKING_FILES,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server-mocks', include: MOCKING_FILES } },
    ],
  },
});
