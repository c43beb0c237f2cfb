import {
  type ConsoleMerchant,
  type ConsoleMerchantInput,
  type ConsoleMerchantList,
  consoleMerchantInputSchema,
  ONLINE_PROVIDERS,
  type OnlineProvider,
  PLATFORM_SETTING_KEYS,
  type PlatformMerchants,
  providerCredentialsSchemas,
  SECRET_CREDENTIAL_FIELDS,
} from '@crm/contracts';
import type { Db, Queryable } from '../../db/client.js';
import { type FieldProblem, FieldRefusal } from '../../platform/errors.js';
import type { ConsoleActing } from './console-actions.js';
import { recordConsoleAction } from './console-audit.js';
import { readPlatformMerchants } from './licence-settings.js';
import { asPlatform } from './platform-db.js';
import { lockPlatformSettings, upsertPlatformSetting } from './platform-settings.js';

/*
 * The platform's merchant accounts (issue 17): licences are paid to the platform through them. Secrets (the
 * keys providers sign with) go in and are used by the payments module, but never come out: not in an answer,
 * not in the audit log (which names the fields that changed), not in a refusal's words.
 */

type Credentials = Record<string, string>;

/** The provider's field names in its schema's order, e.g. Payme: merchant_id, key. */
const fieldsOf = (provider: OnlineProvider): string[] => Object.keys(providerCredentialsSchemas[provider].shape);
const isSecret = (provider: OnlineProvider, field: string) => SECRET_CREDENTIAL_FIELDS[provider].includes(field);

/** One account as the console sees it: plain fields as stored, each secret only as set or not. */
function merchantView(provider: OnlineProvider, stored: Credentials | null): ConsoleMerchant {
  const fields: Record<string, string> = {};
  const secrets: Record<string, boolean> = {};
  for (const field of fieldsOf(provider)) {
    if (isSecret(provider, field)) secrets[field] = Boolean(stored?.[field]);
    else if (stored?.[field] !== undefined) fields[field] = stored[field];
  }
  return { provider, configured: stored !== null, fields, secrets_set: secrets };
}

/** GET /console/merchants: every provider, configured or not. */
export async function listMerchants(q: Queryable): Promise<ConsoleMerchantList> {
  const merchants = await readPlatformMerchants(q);
  return { data: ONLINE_PROVIDERS.map((provider) => merchantView(provider, merchants[provider])) };
}

/**
 * The account as it will be stored: the fields sent, a secret sent empty (or not at all) kept from the stored
 * account. Refused field by field, without echoing what was sent: a field the provider does not have, or one
 * missing or too long once merged.
 */
function mergedCredentials(provider: OnlineProvider, sent: Credentials, stored: Credentials | null): Credentials {
  const problems: FieldProblem[] = Object.keys(sent)
    .filter((field) => !fieldsOf(provider).includes(field))
    .map((field) => ({ field: `credentials.${field}`, rule: 'unknown_field', sentence: 'unknown_field' }));
  if (problems.length) throw new FieldRefusal(problems);
  const merged: Credentials = {};
  for (const field of fieldsOf(provider)) {
    const value = sent[field] ?? '';
    merged[field] = value === '' && isSecret(provider, field) ? (stored?.[field] ?? '') : value;
  }
  const checked = providerCredentialsSchemas[provider].safeParse(merged);
  if (checked.success) return checked.data as Credentials;
  throw new FieldRefusal(
    checked.error.issues.map((issue) => {
      const field = `credentials.${String(issue.path[0])}`;
      return issue.code === 'too_big'
        ? { field, rule: 'too_big', sentence: 'too_long', limit: Number(issue.maximum) }
        : { field, rule: 'required', sentence: 'required' };
    }),
  );
}

/**
 * PUT /console/merchants/{provider}: sets the platform's account at a provider, or removes it (null). The
 * audit row says which fields changed (or that it was removed), never a value.
 */
export async function updateMerchant(
  db: Db,
  acting: ConsoleActing,
  provider: OnlineProvider,
  input: ConsoleMerchantInput,
): Promise<ConsoleMerchant> {
  const { credentials } = consoleMerchantInputSchema.parse(input);
  return asPlatform(db, async (tx) => {
    await lockPlatformSettings(tx);
    const merchants = await readPlatformMerchants(tx);
    const stored = merchants[provider] as Credentials | null;
    const next = credentials === null ? null : mergedCredentials(provider, credentials, stored);
    const changed = fieldsOf(provider).filter((field) => (next?.[field] ?? null) !== (stored?.[field] ?? null));
    if (changed.length) {
      await upsertPlatformSetting(tx, PLATFORM_SETTING_KEYS.licenceMerchants, {
        ...merchants,
        [provider]: next,
      } as PlatformMerchants);
      await recordConsoleAction(tx, {
        accountId: acting.caller.id,
        action: 'merchant_changed',
        data: { provider, changed, ...(next === null ? { removed: true } : {}) },
        ip: acting.ip,
      });
    }
    return merchantView(provider, next);
  });
}
