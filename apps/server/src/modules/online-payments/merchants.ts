import type { OnlineProvider, ProviderCredentials } from '@crm/contracts';
import { providerCredentialsSchemas } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { companies, paymentProviderAccounts } from '../../db/schema/index.js';
import { platformMerchantOf } from '../console/licence-settings.js';
import type { MerchantRef } from './provider-transactions.js';

/**
 * Whose account a provider's callback is for, from the `:merchant` of its address: 'platform' (licences) or a
 * centre's subdomain (its students' fees), with that account's credentials to check the call's signature.
 * Read on the owner connection: a callback has no user and no company yet.
 */
export interface ResolvedMerchant<P extends OnlineProvider> {
  ref: MerchantRef;
  credentials: ProviderCredentials<P>;
}

export async function resolveMerchant<P extends OnlineProvider>(
  q: Queryable,
  provider: P,
  merchant: string,
): Promise<ResolvedMerchant<P> | null> {
  if (merchant === 'platform') {
    const credentials = (await platformMerchantOf(q, provider)) as ProviderCredentials<P> | null;
    return credentials ? { ref: { provider, merchant: 'platform' }, credentials } : null;
  }
  const [company] = await q
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.subdomain, merchant.toLowerCase()));
  if (!company) return null;
  const credentials = await companyMerchantOf(q, company.id, provider);
  return credentials ? { ref: { provider, merchant: company.id }, credentials } : null;
}

/** A centre's own account at a provider, if it set one up and has not turned it off. */
export async function companyMerchantOf<P extends OnlineProvider>(
  q: Queryable,
  companyId: number,
  provider: P,
): Promise<ProviderCredentials<P> | null> {
  const [row] = await q
    .select({ credentials: paymentProviderAccounts.credentials, enabled: paymentProviderAccounts.enabled })
    .from(paymentProviderAccounts)
    .where(and(eq(paymentProviderAccounts.companyId, companyId), eq(paymentProviderAccounts.provider, provider)));
  if (!row?.enabled) return null;
  const parsed = providerCredentialsSchemas[provider].safeParse(row.credentials);
  return parsed.success ? (parsed.data as ProviderCredentials<P>) : null;
}

/** Whether stored credentials are complete for the provider (a half-filled account takes no payment). */
export const credentialsAreValid = (provider: OnlineProvider, credentials: unknown) =>
  providerCredentialsSchemas[provider].safeParse(credentials).success;
