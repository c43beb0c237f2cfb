import { randomBytes } from 'node:crypto';
import { addDays, COUNTRY_RULES, companyDatasSchema, companyDay, Role, type SignUpDone } from '@crm/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { branches, companies, signUpRequests, userBranches, users } from '../../db/schema/index.js';
import { databaseCode } from '../../platform/error-handler.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { companyEntry } from '../../platform/tenancy.js';
import { codeMatches, codeRefusal, hashCode, wrongCode } from '../../platform/verification-codes.js';
import { trialDaysOf } from '../console/platform-settings.js';
import type { PendingSignUp } from './sign-up.js';

/** How long the sign-up's handoff to the centre's host is good for. */
export const HANDOFF_SECONDS = 120;

/** The first branch's name in the centre's language (renamed on admin/edit-company). */
const FIRST_BRANCH: Record<string, string> = {
  uz: 'Asosiy filial',
  ru: 'Главный филиал',
  en: 'Main branch',
  id: 'Cabang utama',
};

/**
 * POST /auth/register/confirm: with the right code, the company, its first branch, its CEO and the trial
 * licence are made in one transaction — all of them or, on any failure, none (the request stays usable).
 */
export async function confirmSignUp(
  app: FastifyInstance,
  input: { request_id: string; code: string },
  now: Date,
): Promise<SignUpDone> {
  const db = app.database.db;
  const [row] = await db.select().from(signUpRequests).where(eq(signUpRequests.id, input.request_id));
  // A used code is spent for good; an unknown request reads the same.
  if (!row || row.completedAt) throw new AppError(400, 'verification_code_expired');
  const refusal = codeRefusal(row, now);
  if (refusal) throw refusal;
  if (!codeMatches(row.codeHash, row.id, input.code)) {
    const [counted] = await db
      .update(signUpRequests)
      .set({ attempts: sql`${signUpRequests.attempts} + 1` })
      .where(eq(signUpRequests.id, row.id))
      .returning({ attempts: signUpRequests.attempts });
    throw wrongCode(counted?.attempts ?? row.attempts + 1);
  }

  const pending = row.form as PendingSignUp;
  const days = await trialDaysOf(db);
  const handoff = randomBytes(24).toString('base64url');
  try {
    return await db.transaction(async (tx) => {
      // Claimed first: of two confirmations at once, one makes the company and the other finds the code spent.
      const [claimed] = await tx
        .update(signUpRequests)
        .set({
          completedAt: now,
          handoffHash: hashCode(row.id, handoff),
          handoffExpiresAt: new Date(now.getTime() + HANDOFF_SECONDS * 1000),
        })
        .where(and(eq(signUpRequests.id, row.id), isNull(signUpRequests.completedAt)))
        .returning({ id: signUpRequests.id });
      if (!claimed) throw new AppError(400, 'verification_code_expired');
      const made = await createCompany(tx, pending, now, days);
      await tx.update(signUpRequests).set({ companyId: made.companyId }).where(eq(signUpRequests.id, row.id));
      return {
        company_id: made.companyId,
        subdomain: pending.subdomain,
        host: `${pending.subdomain}.${app.baseDomain}`,
        handoff: `${row.id}.${handoff}`,
        licence_ends_on: made.licenceEndsOn,
      };
    });
  } catch (error) {
    if (databaseCode(error) === '23505') throw new AppError(409, 'subdomain_taken');
    throw error;
  }
}

/**
 * The new centre as the owner connection writes it (app_user may not create companies): the tenant row, then
 * its first rows with the transaction switched to the company, as every request runs.
 */
async function createCompany(tx: Tx, pending: PendingSignUp, now: Date, trial: number) {
  const datas = companyDatasSchema.parse({
    company_type: pending.company_type,
    country: pending.country,
    // Sign-ups stored before the language was asked carry none: the country's.
    locale: pending.language ?? COUNTRY_RULES[pending.country].language,
  });
  const licenceEndsOn = addDays(companyDay(datas, now), trial);
  const [company] = await tx
    .insert(companies)
    .values({ name: pending.company_name, subdomain: pending.subdomain, datas, licenceEndsOn })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned no row');
  const companyId = company.id;
  for (const statement of companyEntry(companyId)) await tx.execute(sql.raw(statement));
  const [branch] = await tx
    .insert(branches)
    .values({ companyId, name: FIRST_BRANCH[datas.locale] ?? 'Main branch' })
    .returning({ id: branches.id });
  if (!branch) throw new Error('branch insert returned no row');
  const [ceo] = await tx
    .insert(users)
    .values({
      companyId,
      name: pending.owner_name,
      phone: pending.phone,
      roles: [Role.ceo],
      passwordHash: pending.password_hash,
      mainBranchId: branch.id,
    })
    .returning({ id: users.id });
  if (!ceo) throw new Error('user insert returned no row');
  await tx.insert(userBranches).values({ companyId, userId: ceo.id, branchId: branch.id });
  await recordHistory(
    tx,
    { id: ceo.id, companyId },
    {
      event: 'companySignedUp',
      entity: 'company',
      entityId: companyId,
      data: { name: pending.company_name, subdomain: pending.subdomain },
    },
  );
  // Back to the owner connection's role: the platform's sign-up table is not the company's to write.
  await tx.execute(sql`reset role`);
  return { companyId, ceoId: ceo.id, licenceEndsOn };
}
