import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { platformAccounts } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { asPlatform } from './platform-db.js';
import { newTotpSecret, otpauthUri } from './totp.js';

/** What an authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'CRM console';

export const CONSOLE_LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/;

export interface NewConsoleAccount {
  id: number;
  login: string;
  /** Shown once, never stored: only its hash is. */
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

/**
 * Makes a console account (the command line's `console:account`; there is no route that makes one): a
 * generated password of 24 random characters and a fresh TOTP secret. Refuses a login already taken.
 */
export async function createConsoleAccount(db: Db, input: { login: string; name: string }): Promise<NewConsoleAccount> {
  const login = input.login.trim().toLowerCase();
  const name = input.name.trim();
  if (!CONSOLE_LOGIN_PATTERN.test(login)) {
    throw new Error('The login is 2 to 64 of a-z, 0-9, dot, dash and underscore, starting with a letter or digit.');
  }
  if (!name || name.length > 100) throw new Error('The name is 1 to 100 characters.');
  const password = randomBytes(18).toString('base64url');
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const id = await asPlatform(db, async (tx) => {
    const [taken] = await tx
      .select({ id: platformAccounts.id })
      .from(platformAccounts)
      .where(eq(platformAccounts.login, login));
    if (taken) throw new Error(`A console account with login "${login}" already exists.`);
    const [row] = await tx
      .insert(platformAccounts)
      .values({ login, name, passwordHash, totpSecret })
      .returning({ id: platformAccounts.id });
    if (!row) throw new Error('console account insert returned no row');
    return row.id;
  });
  return { id, login, password, totpSecret, otpauthUri: otpauthUri(totpSecret, login, TOTP_ISSUER) };
}
