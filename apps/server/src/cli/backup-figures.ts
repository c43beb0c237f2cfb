import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { companyIdOf, dumpWithFigures, formatBackupFigures, readBackupFigures } from '../db/backup-figures.js';
import { openDatabase } from '../db/client.js';

const USAGE = `Usage: npm run -s backup:figures -w @crm/server -- [--company <subdomain>] [--pg-dump <file>]

Prints the rows of every tenant table and the ledger's sums by kind (JSON), of the whole database or of one
company. With --pg-dump (PostgreSQL) it also writes pg_dump --format=custom of the same snapshot to <file>.
Compare the figures of a backup with those of its restored copy with diff (docs/operations.md "Restore").`;

/**
 * `npm run -s backup:figures -w @crm/server`: the figures a backup is checked against (issue 23). The nightly job
 * writes them beside its dump; after a restore, the same command on the restored database must print the same.
 *
 * With the embedded database (no DATABASE_URL) stop the server first: PGlite's data directory takes one process
 * at a time (and is then copied whole, docs/operations.md).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      company: { type: 'string' },
      'pg-dump': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (values['pg-dump'] && !config.databaseUrl) {
    throw new Error(
      '--pg-dump needs DATABASE_URL; the embedded database is backed up by copying DATA_DIR while stopped',
    );
  }
  // Read-only: no migration, so a restored database is checked as the dump left it.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const companyId = values.company ? await companyIdOf(database.db, values.company) : undefined;
    if (values.company && companyId === undefined) throw new Error(`no company with the subdomain ${values.company}`);
    const figures =
      values['pg-dump'] && config.databaseUrl
        ? await dumpWithFigures(config.databaseUrl, values['pg-dump'], companyId)
        : await readBackupFigures(database.db, companyId);
    process.stdout.write(formatBackupFigures(figures));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
