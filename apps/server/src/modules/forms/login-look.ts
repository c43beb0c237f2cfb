import { canAccess, LANGUAGES, type LoginLook, type loginLookInputSchema, type PublicLoginLook } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { companies, loginLooks } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, FieldRefusal } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { inCompany } from '../../platform/tenancy.js';
import { backgroundsOf } from '../company/pictures.js';
import { findCompanyBySubdomain } from '../company/service.js';

type Welcome = PublicLoginLook['welcome'];

const welcomeOf = (stored: unknown): Welcome => {
  const texts = (stored ?? {}) as Record<string, unknown>;
  return Object.fromEntries(LANGUAGES.map((l) => [l, typeof texts[l] === 'string' ? texts[l] : ''])) as Welcome;
};

async function lookOf(tx: Tx, companyId: number) {
  const [company] = await tx
    .select({ logo: companies.logo, backgrounds: companies.backgrounds })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [look] = await tx.select().from(loginLooks).where(eq(loginLooks.companyId, companyId));
  const backgrounds = backgroundsOf(company?.backgrounds);
  // A background removed in the settings since it was chosen is simply not shown.
  const background = look?.background && backgrounds.includes(look.background) ? look.background : null;
  return { welcome: welcomeOf(look?.welcome), background, logo: company?.logo ?? null, backgrounds };
}

/** GET /login-look: the look form/login-form edits; pictures are the settings' (only its roles upload them). */
export async function getLoginLook(tx: Tx, actor: Actor): Promise<LoginLook> {
  return {
    ...(await lookOf(tx, actor.companyId)),
    policies: { edit: true, edit_pictures: canAccess('settings', actor.roles) },
  };
}

export async function saveLoginLook(
  tx: Tx,
  actor: Actor,
  input: z.output<typeof loginLookInputSchema>,
): Promise<LoginLook> {
  const { backgrounds } = await lookOf(tx, actor.companyId);
  if (input.background !== null && !backgrounds.includes(input.background))
    throw new FieldRefusal([{ field: 'background', rule: 'invalid_value' }]);
  const values = { welcome: input.welcome, background: input.background, updatedBy: actor.id, updatedAt: new Date() };
  await tx
    .insert(loginLooks)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: loginLooks.companyId, set: values });
  await recordHistory(tx, actor, { event: 'loginLookChanged', entity: 'company', entityId: actor.companyId, data: {} });
  return getLoginLook(tx, actor);
}

/** GET /public/login-look: what the log-in page of the subdomain's company shows. */
export async function publicLoginLook(db: Db, subdomain: string | null): Promise<PublicLoginLook> {
  const company = subdomain ? await findCompanyBySubdomain(db, subdomain) : undefined;
  if (!company) throw new AppError(404, 'company_not_found');
  return inCompany(db, company.id, async (tx) => {
    const { welcome, background } = await lookOf(tx, company.id);
    return { welcome, background };
  });
}
