import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type BackupFigures, readBackupFigures, runPgDump } from '../../apps/server/src/db/backup-figures.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createDatabase, dropDatabase, restorePgDump } from '../../apps/server/test/postgres-backup.js';
import type { TimedResult, TimedScenario } from './types.js';

const seconds = (since: number) => (performance.now() - since) / 1000;
const rowsIn = (figures: BackupFigures) => Object.values(figures.rows).reduce((sum, rows) => sum + rows, 0);

/**
 * Issue 23's restore drill at the benchmark's size, with docs/operations.md's commands: pg_dump --format=custom of
 * the whole database (the large company and the thousand small ones), pg_restore into a fresh database, then the
 * figures of the restored copy (every tenant table's rows and the ledger's sums, of the large company and of the
 * whole database) held against the original's. The database is idle meanwhile, so both read the same state.
 */
export const restoreDrillScenario: TimedScenario = {
  kind: 'timed',
  name: 'restore-drill',
  what: 'pg_dump --format=custom of the whole database, pg_restore into a fresh one, every count and ledger sum compared',
  async run({ dataset, database, url }) {
    const restoredName = `${new URL(url).pathname.slice(1)}_restored`;
    const folder = await mkdtemp(join(tmpdir(), 'bench-restore-drill-'));
    const dump = join(folder, 'crm.dump');
    const figuresOf = async (db: typeof database.db) => ({
      company: await readBackupFigures(db, dataset.company.id),
      whole: await readBackupFigures(db),
    });
    try {
      const original = await figuresOf(database.db);
      const dumpStarted = performance.now();
      await runPgDump(url, dump);
      const dumpSeconds = seconds(dumpStarted);
      const dumpMb = (await stat(dump)).size / 1024 / 1024;

      const restoredUrl = await createDatabase(url, restoredName);
      const restoreStarted = performance.now();
      await restorePgDump(restoredUrl, dump);
      const restoreSeconds = seconds(restoreStarted);
      const restored = await openDatabase({ url: restoredUrl, poolSize: 2 });
      const copy = await figuresOf(restored.db).finally(() => restored.close());
      const companyEqual = isDeepStrictEqual(copy.company, original.company);
      const wholeEqual = isDeepStrictEqual(copy.whole, original.whole);
      const tables = Object.keys(original.whole.rows).length;
      const results: TimedResult[] = [
        {
          label: 'pg_dump --format=custom of the whole database',
          seconds: dumpSeconds,
          ok: true,
          note: `${dumpMb.toFixed(1)} MB; ${rowsIn(original.whole).toLocaleString('en')} rows in ${tables} tenant tables`,
        },
        {
          label: 'pg_restore of that dump into a fresh database',
          seconds: restoreSeconds,
          ok: companyEqual && wholeEqual,
          note:
            `the large company's ${rowsIn(original.company).toLocaleString('en')} rows and ledger sums ` +
            `${companyEqual ? 'equal' : 'DIFFER'}; the whole database's ${wholeEqual ? 'equal' : 'DIFFER'}; ` +
            `dump + restore ${(dumpSeconds + restoreSeconds).toFixed(1)} s`,
        },
      ];
      return results;
    } finally {
      await dropDatabase(url, restoredName);
      await rm(folder, { recursive: true, force: true });
    }
  },
};
