import { createHash, randomBytes } from 'node:crypto';
import { CONSOLE_SUBDOMAIN } from '@crm/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { platformAccounts, platformSessions } from '../../db/schema/index.js';
import { AppError, unauthorized } from '../../platform/errors.js';

/**
 * The console's token kind (issue 16). Not a JWT: an opaque random string whose SHA-256 names its
 * platform_sessions row, so the table never holds a usable token, every request sees a revoked session or a
 * disabled account at once, and neither kind of token can pass for the other — a centre JWT is no console
 * token's shape, and a console token is no JWT at all (the centre's TokenService refuses it).
 */
const TOKEN_PREFIX = 'pct_';
const TOKEN_PATTERN = /^pct_[A-Za-z0-9_-]{43}$/;
/** A console session lasts a working day; the second factor is asked again after it. */
export const CONSOLE_SESSION_HOURS = 12;

/** The signed-in console account a request acts as. */
export interface ConsoleCaller {
  id: number;
  login: string;
  name: string;
  sessionId: string;
}

/** The session id of a token: the first 16 bytes of its SHA-256, written as a UUID. */
export function sessionIdOf(token: string): string {
  const hex = createHash('sha256').update(token).digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Opens a session of `accountId`; answers the token, the only time it exists outside the caller's hands. */
export async function startConsoleSession(tx: Tx, accountId: number, ip: string) {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  // The database's clock, as the door's check (`expires_at > now()`) reads it.
  const [row] = await tx
    .insert(platformSessions)
    .values({
      id: sessionIdOf(token),
      accountId,
      ip,
      expiresAt: sql`now() + make_interval(hours => ${CONSOLE_SESSION_HOURS})`,
    })
    .returning({ expiresAt: platformSessions.expiresAt });
  if (!row) throw new Error('console session insert returned no row');
  return { token, expiresAt: row.expiresAt };
}

export async function endConsoleSession(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(platformSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(platformSessions.id, sessionId), isNull(platformSessions.revokedAt)));
}

/**
 * The door of every route of access 'console' (auth-plugin.ts): a live session of an enabled account, or 401
 * whatever else was sent (a centre's token included); then the console's host, or 404 as if the route did
 * not exist there — a console token is of no use from a centre's address.
 */
export async function consoleCallerOf(
  db: Db,
  authorization: string | undefined,
  hostSubdomain: string | null,
): Promise<ConsoleCaller> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) throw unauthorized();
  const sessionId = sessionIdOf(token);
  const [row] = await db
    .select({ id: platformAccounts.id, login: platformAccounts.login, name: platformAccounts.name })
    .from(platformSessions)
    .innerJoin(platformAccounts, eq(platformAccounts.id, platformSessions.accountId))
    .where(
      and(
        eq(platformSessions.id, sessionId),
        isNull(platformSessions.revokedAt),
        gt(platformSessions.expiresAt, sql`now()`),
        eq(platformAccounts.disabled, false),
      ),
    );
  if (!row) throw unauthorized('session_expired');
  if (hostSubdomain !== CONSOLE_SUBDOMAIN) throw new AppError(404, 'route_not_found');
  return { ...row, sessionId };
}
