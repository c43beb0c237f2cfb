import { isDeepStrictEqual } from 'node:util';
import {
  type ConsoleLicenceSettingsInput,
  consoleLicenceSettingsInputSchema,
  type LicenceSettings,
  PLATFORM_SETTING_KEYS,
} from '@crm/contracts';
import type { Db } from '../../db/client.js';
import { forgetLicenceSettings } from '../licence/licence-state.js';
import type { ConsoleActing } from './console-actions.js';
import { recordConsoleAction } from './console-audit.js';
import { readLicenceSettings } from './licence-settings.js';
import { asPlatform } from './platform-db.js';
import { lockPlatformSettings, upsertPlatformSetting } from './platform-settings.js';

/**
 * PUT /console/licence-settings (issue 17): the read-only grace after a licence ends, the white-label hosts
 * where /billing is hidden (lower-cased by the schema, each kept once, so the licence module compares host
 * names as they come), and the platform's details printed on invoices. Before and after go to the audit log.
 */
export async function updateLicenceSettings(
  db: Db,
  acting: ConsoleActing,
  input: ConsoleLicenceSettingsInput,
): Promise<LicenceSettings> {
  const parsed = consoleLicenceSettingsInputSchema.parse(input);
  const next: LicenceSettings = { ...parsed, billing_hidden_hosts: [...new Set(parsed.billing_hidden_hosts)] };
  const saved = await asPlatform(db, async (tx) => {
    await lockPlatformSettings(tx);
    const before = await readLicenceSettings(tx);
    // A form saved as it was changes nothing, and fills the log with nothing.
    if (isDeepStrictEqual(before, next)) return next;
    await upsertPlatformSetting(tx, PLATFORM_SETTING_KEYS.licence, next);
    await recordConsoleAction(tx, {
      accountId: acting.caller.id,
      action: 'licence_settings_changed',
      data: { before, after: next },
      ip: acting.ip,
    });
    return next;
  });
  // The licence gate keeps the settings half a minute: this server sees the change at once.
  forgetLicenceSettings(db);
  return saved;
}
