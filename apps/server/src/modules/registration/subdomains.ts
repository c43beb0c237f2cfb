import { type SubdomainCheck, subdomainFormProblem } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/** Whether `subdomain` may be a new centre's: its form, the reserved names, then the companies. */
export async function checkSubdomain(db: Queryable, subdomain: string, baseDomain: string): Promise<SubdomainCheck> {
  const problem =
    subdomainFormProblem(subdomain) ??
    ((await db.select({ id: companies.id }).from(companies).where(eq(companies.subdomain, subdomain)).limit(1)).length
      ? 'taken'
      : null);
  return { subdomain, base_domain: baseDomain, available: problem === null, problem };
}

/** The same check as a refusal: 400 for a malformed or reserved name, 409 for a taken one. */
export async function assertSubdomainFree(db: Queryable, subdomain: string): Promise<void> {
  const { problem } = await checkSubdomain(db, subdomain, '');
  if (problem === 'taken') throw new AppError(409, 'subdomain_taken');
  if (problem) throw new AppError(400, problem === 'reserved' ? 'subdomain_reserved' : 'subdomain_malformed');
}
