import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/**
 * Reporters for every workspace: the runner's own summary always, and a JSON
 * report when CI asks for one (CI_REPORT_DIR), so .ci/run can add up the counts.
 */
export function reporters(name: string) {
  const dir = process.env.CI_REPORT_DIR;
  const suffix = process.env.TEST_DATABASE_URL ? '-postgres' : '';
  return dir
    ? {
        reporters: ['default', 'json'],
        outputFile: { json: join(dir, `vitest-${name}${suffix}.json`) },
      }
    : { reporters: ['default'] };
}

/**
 * One test file per core. Vitest 4's default left one of these machines' two cores idle in `vitest run`
 * (measured: 137 s for the SMS and settings screens' files, 81 s with two workers).
 */
export const workers = () => ({ maxWorkers: availableParallelism() });
