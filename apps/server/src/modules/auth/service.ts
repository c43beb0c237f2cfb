import { randomUUID } from 'node:crypto';
import { isRoleId, type LoginResponse, normalizePhone, type RoleId } from '@crm/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { loadActor } from '../../platform/session.js';
import { inCompany } from '../../platform/tenancy.js';
import { SESSION_DAYS, type TokenService } from '../../platform/tokens.js';
import { findCompanyBySubdomain } from '../company/service.js';
import { loadMe } from './me.js';

/** After this many failures for one phone within the window, log-ins are refused until the window passes. */
export const LOGIN_FAILURE_LIMIT = 5;
/** A wider limit per address, against guessing many phones from one place. */
export const LOGIN_FAILURE_LIMIT_PER_IP = 30;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

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

  // The password check (~30 ms) runs outside any transaction: on PGlite a
  // transaction holds the only connection, and every other request would wait.
  const candidates = await inCompany(db, company.id, async (tx) => {
    await refuseWhileThrottled(tx, company.id, phone, input.ip);
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

  if (!user) {
    await inCompany(db, company.id, (tx) =>
      tx
        .insert(loginFailures)
        .values({ companyId: company.id, phone, ip: input.ip })
        .then(() => undefined),
    );
    throw new AppError(401, 'wrong_credentials');
  }

  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const roles = user.roles.filter(isRoleId) as RoleId[];
  const me = await inCompany(db, company.id, async (tx) => {
    await tx.delete(loginFailures).where(and(eq(loginFailures.companyId, company.id), eq(loginFailures.phone, phone)));
    await tx.insert(sessions).values({
      companyId: company.id,
      id: sessionId,
      userId: user.id,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300),
    });
    const actor = await loadActor(tx, { userId: user.id, companyId: company.id, sessionId, roles });
    await recordHistory(tx, actor, {
      event: 'userLoggedIn',
      entity: 'user',
      entityId: user.id,
      data: { ip: input.ip },
    });
    return loadMe(tx, actor);
  });
  const accessToken = await tokens.sign({ userId: user.id, companyId: company.id, sessionId, roles }, expiresAt);
  return { access_token: accessToken, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user: me };
}

async function firstMatching<T extends { passwordHash: string | null }>(candidates: T[], password: string) {
  for (const candidate of candidates) {
    if (candidate.passwordHash && (await verifyPassword(candidate.passwordHash, password))) return candidate;
  }
  if (candidates.length === 0) await burnPasswordCheck(password);
  return undefined;
}

interface FailureWindow {
  by_phone: number;
  oldest_phone: string | null;
  by_ip: number;
  oldest_ip: string | null;
}

async function refuseWhileThrottled(tx: Tx, companyId: number, phone: string, ip: string) {
  const [w] = await selectRows<FailureWindow>(
    tx,
    sql`
    select count(*) filter (where phone = ${phone})::int as by_phone, min(at) filter (where phone = ${phone}) as oldest_phone,
           count(*) filter (where ip = ${ip})::int as by_ip, min(at) filter (where ip = ${ip}) as oldest_ip
    from login_failures
    where company_id = ${companyId} and (phone = ${phone} or ip = ${ip})
      and at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})
  `,
  );
  if (!w) return;
  const oldest =
    w.by_phone >= LOGIN_FAILURE_LIMIT
      ? w.oldest_phone
      : w.by_ip >= LOGIN_FAILURE_LIMIT_PER_IP
        ? w.oldest_ip
        : undefined;
  if (oldest === undefined) return;
  const since = oldest ? new Date(oldest).getTime() : Date.now();
  const retryAfter = Math.max(1, Math.ceil((since + LOGIN_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
  throw new AppError(429, 'too_many_attempts', { retry_after_seconds: retryAfter });
}

export async function logout(tx: Tx, actor: Actor): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.companyId, actor.companyId), eq(sessions.id, actor.sessionId)));
  await recordHistory(tx, actor, { event: 'userLoggedOut', entity: 'user', entityId: actor.id });
}
