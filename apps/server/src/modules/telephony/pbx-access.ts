import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  OnlinePbxClient,
  OnlinePbxRefusedError,
  OnlinePbxUnavailableError,
} from '../../adapters/onlinepbx/onlinepbx-client.js';
import type { Tx } from '../../db/client.js';
import { telephonyAccounts, telephonyExtensions } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/** How the telephony module reaches an account's OnlinePBX: its client, and our words for its failures. */

export interface StoredAccount {
  id: number;
  branchId: number | null;
  domain: string;
  keySealed: string;
}

/** A client of the account, its key opened; 503 when the server has no OnlinePBX or the key no longer opens. */
export function clientOf(app: FastifyInstance, account: { domain: string; keySealed: string }): OnlinePbxClient {
  const authKey = app.telephony.secrets.open(account.keySealed);
  if (authKey === null) throw new AppError(409, 'voip_key_unreadable');
  return clientWithKey(app, account.domain, authKey);
}

export function clientWithKey(app: FastifyInstance, domain: string, authKey: string): OnlinePbxClient {
  const config = app.telephony.config;
  if (!config) throw new AppError(503, 'onlinepbx_unavailable');
  return new OnlinePbxClient({ domain, authKey }, { baseUrl: config.apiUrl, log: app.log });
}

/** Runs a provider call; its refusal becomes 422 onlinepbx_refused with the provider's comment (spec §8). */
export async function askProvider<T>(work: () => Promise<T>, context: Record<string, unknown> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OnlinePbxRefusedError) {
      throw new AppError(422, 'onlinepbx_refused', { comment: error.comment, ...context });
    }
    if (error instanceof OnlinePbxUnavailableError) throw new AppError(502, 'onlinepbx_unavailable', context);
    throw error;
  }
}

/** The company's account for a branch: the branch's own when the company has them, else the company's one. */
export async function accountFor(tx: Tx, companyId: number, branchId: number | null): Promise<StoredAccount | null> {
  const columns = {
    id: telephonyAccounts.id,
    branchId: telephonyAccounts.branchId,
    domain: telephonyAccounts.domain,
    keySealed: telephonyAccounts.keySealed,
  };
  const own = eq(telephonyAccounts.companyId, companyId);
  if (branchId !== null) {
    const [branch] = await tx
      .select(columns)
      .from(telephonyAccounts)
      .where(and(own, eq(telephonyAccounts.branchId, branchId)));
    if (branch) return branch;
  }
  const [company] = await tx
    .select(columns)
    .from(telephonyAccounts)
    .where(and(own, isNull(telephonyAccounts.branchId)));
  return company ?? null;
}

/** The user's extension and its account (spec §6: calling needs the user mapped), or null. */
export async function extensionOf(tx: Tx, companyId: number, userId: number) {
  const [row] = await tx
    .select({
      extension: telephonyExtensions.extension,
      account: {
        id: telephonyAccounts.id,
        branchId: telephonyAccounts.branchId,
        domain: telephonyAccounts.domain,
        keySealed: telephonyAccounts.keySealed,
      },
    })
    .from(telephonyExtensions)
    .innerJoin(
      telephonyAccounts,
      and(
        eq(telephonyAccounts.companyId, telephonyExtensions.companyId),
        eq(telephonyAccounts.id, telephonyExtensions.accountId),
      ),
    )
    .where(and(eq(telephonyExtensions.companyId, companyId), eq(telephonyExtensions.userId, userId)));
  return row ?? null;
}
