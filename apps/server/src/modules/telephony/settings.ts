import {
  companyDatasSchema,
  Role,
  type VoipSettings,
  type VoipSettingsInput,
  type VoipUsersInput,
  voipSettingsInputSchema,
  voipUsersInputSchema,
} from '@crm/contracts';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { branches, companies, telephonyAccounts, telephonyExtensions, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError, FieldRefusal, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { mergeCompanyDatas } from '../company/datas-writer.js';
import { askProvider, clientOf, clientWithKey } from './pbx-access.js';

/** admin/voip (spec §2 settings-voip; issue 22): the accounts, the country code, and users to extensions. */

export async function readVoipSettings(tx: Tx, companyId: number): Promise<VoipSettings> {
  const [company] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  const datas = companyDatasSchema.parse(company?.datas ?? {});
  const accounts = await tx
    .select({
      id: telephonyAccounts.id,
      branchId: telephonyAccounts.branchId,
      branchName: branches.name,
      domain: telephonyAccounts.domain,
      checkedAt: telephonyAccounts.checkedAt,
    })
    .from(telephonyAccounts)
    .leftJoin(
      branches,
      and(eq(branches.companyId, telephonyAccounts.companyId), eq(branches.id, telephonyAccounts.branchId)),
    )
    .where(eq(telephonyAccounts.companyId, companyId))
    .orderBy(asc(telephonyAccounts.id));
  const mapped = await tx
    .select({
      userId: telephonyExtensions.userId,
      name: users.name,
      accountId: telephonyExtensions.accountId,
      extension: telephonyExtensions.extension,
    })
    .from(telephonyExtensions)
    .innerJoin(users, and(eq(users.companyId, telephonyExtensions.companyId), eq(users.id, telephonyExtensions.userId)))
    .where(eq(telephonyExtensions.companyId, companyId))
    .orderBy(asc(users.name));
  return {
    country_code: datas.onlinepbx_country_code,
    branch_specific: datas.is_onlinepbx_branch_specific,
    accounts: accounts.map((a) => ({
      id: a.id,
      branch: a.branchId === null ? null : { id: a.branchId, name: a.branchName ?? '' },
      domain: a.domain,
      checked_at: a.checkedAt.toISOString(),
    })),
    users: mapped.map((m) => ({
      user: { id: m.userId, name: m.name },
      account_id: m.accountId,
      extension: m.extension,
    })),
  };
}

/**
 * PUT /voip/settings. Each account's key is tried with auth.json before anything is stored (a refusal is 422
 * onlinepbx_refused with the provider's comment, spec §8); an account left out is removed with its users'
 * extensions. A key left empty keeps the one stored for that branch.
 */
export async function saveVoipSettings(app: FastifyInstance, tx: Tx, actor: Actor, body: VoipSettingsInput) {
  const input = voipSettingsInputSchema.parse(body);
  const scopes = input.accounts.map((a) => a.branch_id ?? 0);
  if (new Set(scopes).size !== scopes.length) {
    throw new FieldRefusal([{ field: 'accounts', rule: 'duplicate', sentence: 'invalid_value' }]);
  }
  if (input.accounts.some((a) => (a.branch_id === null) === input.branch_specific)) {
    throw new FieldRefusal([{ field: 'accounts', rule: 'branch_specific_mismatch', sentence: 'invalid_value' }]);
  }
  const stored = await tx
    .select()
    .from(telephonyAccounts)
    .where(eq(telephonyAccounts.companyId, actor.companyId))
    .for('update');
  const kept: number[] = [];
  for (const [index, account] of input.accounts.entries()) {
    if (account.branch_id !== null) assertBranch(actor, account.branch_id);
    const before = stored.find((s) => (s.branchId ?? 0) === (account.branch_id ?? 0));
    const authKey = account.key ?? (before ? app.telephony.secrets.open(before.keySealed) : null);
    if (authKey === null) {
      throw new FieldRefusal([{ field: `accounts.${index}.key`, rule: 'required', sentence: 'required' }]);
    }
    await askProvider(() => clientWithKey(app, account.domain, authKey).authenticate(), {
      branch_id: account.branch_id,
    });
    const values = { domain: account.domain, keySealed: app.telephony.secrets.seal(authKey), checkedAt: sql`now()` };
    if (before) {
      // Another OnlinePBX cabinet: what was kept of the old one's history says nothing of the new one's.
      const history = before.domain === account.domain ? {} : { historyKeptFrom: null, historyKeptTill: null };
      await tx
        .update(telephonyAccounts)
        .set({ ...values, ...history })
        .where(and(eq(telephonyAccounts.companyId, actor.companyId), eq(telephonyAccounts.id, before.id)));
      kept.push(before.id);
    } else {
      const [created] = await tx
        .insert(telephonyAccounts)
        .values({ companyId: actor.companyId, branchId: account.branch_id, ...values })
        .returning({ id: telephonyAccounts.id });
      kept.push(created!.id);
    }
  }
  await tx
    .delete(telephonyAccounts)
    .where(
      and(
        eq(telephonyAccounts.companyId, actor.companyId),
        kept.length ? notInArray(telephonyAccounts.id, kept) : undefined,
      ),
    );
  await mergeCompanyDatas(tx, actor.companyId, {
    onlinepbx_country_code: input.country_code,
    is_onlinepbx_branch_specific: input.branch_specific,
  });
  await recordHistory(tx, actor, {
    event: 'voipSettingsChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: { accounts: input.accounts.map((a) => a.domain), country_code: input.country_code },
  });
  return readVoipSettings(tx, actor.companyId);
}

async function storedAccount(tx: Tx, companyId: number, id: number) {
  const [account] = await tx
    .select()
    .from(telephonyAccounts)
    .where(and(eq(telephonyAccounts.companyId, companyId), eq(telephonyAccounts.id, id)));
  if (!account) throw notFound();
  return account;
}

/** GET /voip/accounts/{id}/extensions: user/get.json of the account. */
export async function listExtensions(app: FastifyInstance, tx: Tx, actor: Actor, accountId: number) {
  const account = await storedAccount(tx, actor.companyId, accountId);
  const extensions = await askProvider(() => clientOf(app, account).users());
  return {
    data: extensions.map((e) => ({ num: e.num, name: e.name, webrtc: Boolean(e.webrtc) && e.webrtc !== '0' })),
  };
}

/**
 * PUT /voip/users: the whole mapping of staff users to extensions. Each extension must exist in its account
 * (user/get.json), each user be staff of the company (not a student), and an extension serves one user.
 */
export async function saveVoipUsers(app: FastifyInstance, tx: Tx, actor: Actor, input: VoipUsersInput) {
  const wanted = voipUsersInputSchema.parse(input).users;
  const accountIds = [...new Set(wanted.map((u) => u.account_id))];
  for (const accountId of accountIds) {
    const account = await storedAccount(tx, actor.companyId, accountId);
    const known = new Set((await askProvider(() => clientOf(app, account).users())).map((e) => e.num));
    const unknown = wanted.filter((u) => u.account_id === accountId && !known.has(u.extension));
    if (unknown.length)
      throw new AppError(422, 'voip_extension_unknown', { extensions: unknown.map((u) => u.extension) });
  }
  const pairs = wanted.map((u) => `${u.account_id}:${u.extension}`);
  if (new Set(pairs).size !== pairs.length || new Set(wanted.map((u) => u.user_id)).size !== wanted.length) {
    throw new FieldRefusal([{ field: 'users', rule: 'duplicate', sentence: 'invalid_value' }]);
  }
  const userIds = wanted.map((u) => u.user_id);
  const staff = userIds.length
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.companyId, actor.companyId),
            inArray(users.id, userIds),
            isNull(users.archivedAt),
            // Staff: some role besides a student's or a parent's.
            sql`exists (select 1 from unnest(${users.roles}) as role where role <> all(array[${Role.student}, ${Role.parent}]::smallint[]))`,
          ),
        )
    : [];
  if (staff.length !== userIds.length) {
    throw new FieldRefusal([{ field: 'users', rule: 'not_staff', sentence: 'invalid_value' }]);
  }
  await tx.delete(telephonyExtensions).where(eq(telephonyExtensions.companyId, actor.companyId));
  if (wanted.length) {
    await tx.insert(telephonyExtensions).values(
      wanted.map((u) => ({
        companyId: actor.companyId,
        userId: u.user_id,
        accountId: u.account_id,
        extension: u.extension,
      })),
    );
  }
  await recordHistory(tx, actor, {
    event: 'voipSettingsChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: { users: wanted.length },
  });
  return readVoipSettings(tx, actor.companyId);
}
