import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { FieldRefusal } from './errors.js';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): ~30 ms here
// (docs/decisions/0018 records it; raise it together with the log-in limits, never alone).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so an unknown phone answers no faster than a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/** How many of the most common passwords are refused (zxcvbn-ts's list is ranked by frequency). */
export const COMMON_PASSWORDS = 10_000;
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS));
  return common;
};

/**
 * Refuses a password that is among the 10,000 most common (compared in lower case: "Qwerty123" is
 * "qwerty123") or that is the phone number, in any spelling (+998 90 123-45-67 is 901234567). The length
 * is the schema's (contracts PASSWORD_MIN). Called before hashing, where the phone is known.
 */
export function assertAcceptablePassword(password: string, phone: string | null | undefined): void {
  if (commonPasswords().has(password.toLowerCase()) || password.trim() === '') {
    throw new FieldRefusal([{ field: 'password', rule: 'common_password', sentence: 'common_password' }]);
  }
  const digits = password.replace(/\D/g, '');
  const onlyPhoneCharacters = /^[\d\s()+-]+$/.test(password);
  const phoneDigits = (phone ?? '').replace(/\D/g, '');
  if (phoneDigits.length >= 7 && onlyPhoneCharacters && digits.endsWith(phoneDigits)) {
    throw new FieldRefusal([{ field: 'password', rule: 'password_is_phone', sentence: 'password_is_phone' }]);
  }
}
