import { isRoleId, type LoginResponse, normalizePhone, type PasswordChange, type RoleId } from '@crm/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, FieldRefusal } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { endSessions } from '../../platform/session-ends.js';
import { inCompany } from '../../platform/tenancy.js';
import type { TokenService } from '../../platform/tokens.js';
import { findCompanyBySubdomain } from '../company/service.js';
import { readOwnCredentials, setOwnPassword } from '../users/own-password.js';
import { hashIfGiven } from '../users/service.js';
import { claimLoginAttempt, forgiveAttempts } from './login-throttle.js';
import { startSession } from './session-start.js';

export { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT_PER_IP, LOGIN_WINDOW_SECONDS } from './login-throttle.js';

export interface LoginInput {
  subdomain: string | null;
  /** The host names the company for the web; an API client without a company host names it in the body. */
  subdomainFrom: 'host' | 'body';
  phone: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}

export async function login(db: Db, tokens: TokenService, input: LoginInput): Promise<LoginResponse> {
  const company = input.subdomain ? await findCompanyBySubdomain(db, input.subdomain) : undefined;
  if (!company) {
    // Spec §8 has both: the log-in page of an unknown host goes to /error, while a
    // client that typed a subdomain hears that the phone or subdomain is wrong.
    if (input.subdomainFrom === 'body') throw new AppError(401, 'wrong_phone_or_subdomain');
    throw new AppError(404, 'company_not_found');
  }
  if (company.disabled) throw new AppError(403, 'company_disabled');
  const phone = normalizePhone(input.phone, company.country);

  // The attempt is claimed (and counted) before the password is checked: parallel guesses cannot outrun the
  // limit. The check itself (~30 ms) runs outside any transaction: on PGlite a transaction holds the only
  // connection, and every other request would wait.
  const candidates = await inCompany(db, company.id, async (tx) => {
    await claimLoginAttempt(tx, company.id, phone, input.ip);
    return tx
      .select({ id: users.id, passwordHash: users.passwordHash, roles: users.roles })
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          eq(users.phone, phone),
          isNull(users.archivedAt),
          isNotNull(users.passwordHash),
        ),
      )
      .orderBy(users.id);
  });
  const user = await firstMatching(candidates, input.password);
  if (!user) throw new AppError(401, 'wrong_credentials');

  const roles = user.roles.filter(isRoleId) as RoleId[];
  return startSession(db, tokens, {
    companyId: company.id,
    userId: user.id,
    roles,
    ip: input.ip,
    userAgent: input.userAgent,
    before: (tx) => forgiveAttempts(tx, company.id, phone, input.ip),
  });
}

async function firstMatching<T extends { passwordHash: string | null }>(candidates: T[], password: string) {
  for (const candidate of candidates) {
    if (candidate.passwordHash && (await verifyPassword(candidate.passwordHash, password))) return candidate;
  }
  if (candidates.length === 0) await burnPasswordCheck(password);
  return undefined;
}

export async function logout(tx: Tx, actor: Actor): Promise<void> {
  await endSessions(tx, { companyId: actor.companyId, sessionId: actor.sessionId });
  await recordHistory(tx, actor, { event: 'userLoggedOut', entity: 'user', entityId: actor.id });
}

/**
 * PUT /auth/password. A wrong current password counts as a failed log-in of the user's phone from this
 * address (the same limits), so a borrowed session cannot be used to guess it; both checks run outside
 * the transactions, like the log-in's.
 */
export async function changeOwnPassword(req: FastifyRequest, input: PasswordChange): Promise<void> {
  const own = await req.tenant(async (tx, actor) => {
    const credentials = await readOwnCredentials(tx, actor);
    await claimLoginAttempt(tx, actor.companyId, credentials.phone, req.ip);
    return credentials;
  });
  if (!own.passwordHash || !(await verifyPassword(own.passwordHash, input.current_password))) {
    throw new FieldRefusal([{ field: 'current_password', rule: 'wrong_password', sentence: 'wrong_password' }]);
  }
  const passwordHash = await hashIfGiven(input.password, own.phone);
  await req.tenant(async (tx, actor) => {
    await forgiveAttempts(tx, actor.companyId, own.phone, req.ip);
    if (passwordHash) await setOwnPassword(tx, actor, passwordHash);
  });
}
