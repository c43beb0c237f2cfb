import {
  canAccess,
  companyDatasSchema,
  isOnlineProvider,
  ONLINE_PROVIDERS,
  type OnlineProvider,
  type ProviderAccount,
  paymentMethodsOf,
  providerCredentialsSchemas,
  SECRET_CREDENTIAL_FIELDS,
} from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, paymentProviderAccounts } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { invalidFields } from '../groups/service.js';

/*
 * The centre's own merchant accounts (settings, issue 17). The secrets are written and used, never answered: a
 * secret field reads as "set"; saving with a secret left empty keeps the stored one.
 */

type Stored = { credentials: Record<string, string>; enabled: boolean };

/** The address to enter in the provider's cabinet: its callbacks for this centre. */
const callbackUrlOf = (provider: OnlineProvider, origin: string, subdomain: string) =>
  ({
    payme: `${origin}/api/v1/payments/payme/${subdomain}`,
    click: `${origin}/api/v1/payments/click/${subdomain}/prepare (…/complete)`,
    midtrans: `${origin}/api/v1/payments/midtrans/${subdomain}/notification`,
  })[provider];

async function storedAccounts(tx: Tx, companyId: number): Promise<Map<string, Stored>> {
  const rows = await tx.select().from(paymentProviderAccounts).where(eq(paymentProviderAccounts.companyId, companyId));
  return new Map(
    rows.map((row) => [row.provider, { credentials: row.credentials as Record<string, string>, enabled: row.enabled }]),
  );
}

function accountView(
  provider: OnlineProvider,
  stored: Stored | undefined,
  context: { offered: OnlineProvider[]; origin: string; subdomain: string },
): ProviderAccount {
  const secrets = SECRET_CREDENTIAL_FIELDS[provider];
  const names = Object.keys(providerCredentialsSchemas[provider].shape);
  const value = (name: string) => stored?.credentials[name] ?? null;
  return {
    provider,
    available: context.offered.includes(provider),
    configured: providerCredentialsSchemas[provider].safeParse(stored?.credentials ?? {}).success,
    enabled: stored?.enabled ?? false,
    fields: Object.fromEntries(names.map((name) => [name, secrets.includes(name) ? null : value(name)])),
    secrets_set: Object.fromEntries(secrets.map((name) => [name, Boolean(value(name))])),
    callback_url: callbackUrlOf(provider, context.origin, context.subdomain),
  };
}

async function companyContext(tx: Tx, companyId: number, origin: string) {
  const [row] = await tx
    .select({ datas: companies.datas, subdomain: companies.subdomain })
    .from(companies)
    .where(eq(companies.id, companyId));
  const country = companyDatasSchema.parse(row?.datas ?? {}).country;
  return { offered: paymentMethodsOf(country).filter(isOnlineProvider), origin, subdomain: row?.subdomain ?? '' };
}

export async function listProviderAccounts(tx: Tx, actor: Actor, origin: string) {
  const stored = await storedAccounts(tx, actor.companyId);
  const context = await companyContext(tx, actor.companyId, origin);
  return {
    data: ONLINE_PROVIDERS.map((provider) => accountView(provider, stored.get(provider), context)),
    policies: { can_edit: canAccess('settings', actor.roles) },
  };
}

/** PUT /online-payments/providers/{provider}: the merged credentials must be complete before they are kept. */
export async function saveProviderAccount(
  tx: Tx,
  actor: Actor,
  provider: OnlineProvider,
  input: { enabled: boolean; credentials: Record<string, string> },
  origin: string,
): Promise<ProviderAccount> {
  const context = await companyContext(tx, actor.companyId, origin);
  if (!context.offered.includes(provider)) throw new AppError(422, 'payment_provider_not_configured', { provider });
  const before = (await storedAccounts(tx, actor.companyId)).get(provider);
  const given = Object.fromEntries(Object.entries(input.credentials).filter(([, value]) => value !== ''));
  const parsed = providerCredentialsSchemas[provider].safeParse({ ...before?.credentials, ...given });
  if (!parsed.success) {
    throw invalidFields(
      parsed.error.issues.map((issue) => ({
        field: `credentials.${issue.path.join('.')}`,
        rule: 'required',
        message: `${issue.path.join('.')} is required`,
      })),
    );
  }
  await tx
    .insert(paymentProviderAccounts)
    .values({
      companyId: actor.companyId,
      provider,
      credentials: parsed.data,
      enabled: input.enabled,
      updatedBy: actor.id,
    })
    .onConflictDoUpdate({
      target: [paymentProviderAccounts.companyId, paymentProviderAccounts.provider],
      set: { credentials: parsed.data, enabled: input.enabled, updatedBy: actor.id, updatedAt: sql`now()` },
    });
  const changed = Object.keys(given).filter((name) => before?.credentials[name] !== given[name]);
  // The history names the fields that changed, never a value: a secret must not reach the log.
  await recordHistory(tx, actor, {
    event: 'paymentProviderChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: { provider, enabled: input.enabled, changed_fields: changed },
  });
  const [row] = await tx
    .select()
    .from(paymentProviderAccounts)
    .where(and(eq(paymentProviderAccounts.companyId, actor.companyId), eq(paymentProviderAccounts.provider, provider)));
  const stored = row ? { credentials: row.credentials as Record<string, string>, enabled: row.enabled } : undefined;
  return accountView(provider, stored, context);
}
