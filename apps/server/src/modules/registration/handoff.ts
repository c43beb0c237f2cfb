import { isRoleId, type LoginResponse, type RoleId } from '@crm/contracts';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signUpRequests, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { inCompany } from '../../platform/tenancy.js';
import { codeMatches } from '../../platform/verification-codes.js';
import { startSession } from '../auth/session-start.js';
import { findCompanyBySubdomain } from '../company/service.js';

/**
 * POST /auth/handoff on the new centre's host: the sign-up's one-time secret, within two minutes, for the
 * CEO's first session. Good once, only on the host of the company it made.
 */
export async function takeHandoff(
  app: FastifyInstance,
  input: { handoff: string; subdomain: string | null; ip: string; userAgent: string | undefined },
  now: Date,
): Promise<LoginResponse> {
  const invalid = new AppError(400, 'handoff_invalid');
  const [requestId, secret] = input.handoff.split('.');
  if (!requestId || !secret || !/^[0-9a-f-]{36}$/.test(requestId)) throw invalid;
  const company = input.subdomain ? await findCompanyBySubdomain(app.database.db, input.subdomain) : undefined;
  if (!company) throw invalid;
  if (company.disabled) throw new AppError(403, 'company_disabled');

  const db = app.database.db;
  const [row] = await db
    .select()
    .from(signUpRequests)
    .where(and(eq(signUpRequests.id, requestId), eq(signUpRequests.companyId, company.id)));
  if (!row?.handoffHash || !codeMatches(row.handoffHash, row.id, secret)) throw invalid;
  const [taken] = await db
    .update(signUpRequests)
    .set({ handoffUsedAt: now })
    .where(
      and(
        eq(signUpRequests.id, row.id),
        isNull(signUpRequests.handoffUsedAt),
        gt(signUpRequests.handoffExpiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: signUpRequests.id });
  if (!taken) throw invalid;

  // The company's first user is the CEO the sign-up made.
  const ceo = await inCompany(db, company.id, async (tx) => {
    const [first] = await tx
      .select({ id: users.id, roles: users.roles })
      .from(users)
      .where(and(eq(users.companyId, company.id), isNull(users.archivedAt)))
      .orderBy(asc(users.id))
      .limit(1);
    return first;
  });
  if (!ceo) throw invalid;
  return startSession(db, app.tokens, {
    companyId: company.id,
    userId: ceo.id,
    roles: ceo.roles.filter(isRoleId) as RoleId[],
    ip: input.ip,
    userAgent: input.userAgent,
  });
}
