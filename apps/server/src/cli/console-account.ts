import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createConsoleAccount } from '../modules/console/console-accounts.js';

/**
 * `npm run console:account -w @crm/server -- --login ali --name "Ali Valiyev"`: makes an account of the
 * platform console (issue 16) — there is no other way to make one. Prints the generated password once and
 * the TOTP secret with its otpauth:// URI for an authenticator app; neither can be shown again.
 *
 * With the embedded database (no DATABASE_URL) stop the server first: PGlite's data directory takes one
 * process at a time.
 */
async function main() {
  const { values } = parseArgs({
    options: { login: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || !values.login || !values.name) {
    console.log('Usage: npm run console:account -w @crm/server -- --login <login> --name "<full name>"');
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    const account = await createConsoleAccount(database.db, { login: values.login, name: values.name });
    console.log(
      [
        `Console account "${account.login}" created (id ${account.id}).`,
        '',
        `  Password:    ${account.password}`,
        `  TOTP secret: ${account.totpSecret}`,
        `  TOTP URI:    ${account.otpauthUri}`,
        '',
        'Add the secret (or the URI, as a QR code) to an authenticator app now: it is not shown again.',
        `Sign in at http://admin.${config.baseDomain}${config.port === 80 ? '' : `:${config.port}`}/ (your address may differ).`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
