import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Generated things never drift (STYLE.md 8): a schema change without its migration fails here. */
describe('migrations', () => {
  it('match the Drizzle schema', () => {
    // drizzle-kit reads `out` relative to its working directory.
    const out = `.drift-${process.pid}`;
    cpSync(join(serverDir, 'src/db/migrations'), join(serverDir, out), { recursive: true });
    const config = join(serverDir, `drizzle.drift-${process.pid}.config.ts`);
    writeFileSync(
      config,
      `export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: ${JSON.stringify(out)}, entities: { roles: { provider: '' } } };\n`,
    );
    try {
      const before = readdirSync(join(serverDir, out)).length;
      const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], {
        cwd: serverDir,
        encoding: 'utf8',
      });
      expect(output).toContain('No schema changes');
      expect(readdirSync(join(serverDir, out)).length).toBe(before);
    } finally {
      rmSync(config, { force: true });
      rmSync(join(serverDir, out), { recursive: true, force: true });
    }
  });
});
