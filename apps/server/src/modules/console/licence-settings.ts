import {
  LICENCE_SETTINGS_DEFAULT,
  type LicenceSettings,
  licenceSettingsSchema,
  type OnlineProvider,
  PLATFORM_SETTING_KEYS,
  type PlatformMerchants,
  platformMerchantsSchema,
} from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { platformSettings } from '../../db/schema/index.js';

/*
 * The console's licence settings and the platform's merchant accounts (issue 17), read through the owner
 * connection (platform_settings has no policy for the request role). Anything unreadable counts as unset.
 */

async function storedValue(q: Queryable, key: string): Promise<unknown> {
  const [row] = await q
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  return row?.value;
}

export async function readLicenceSettings(q: Queryable): Promise<LicenceSettings> {
  const parsed = licenceSettingsSchema.safeParse(await storedValue(q, PLATFORM_SETTING_KEYS.licence));
  return parsed.success ? parsed.data : LICENCE_SETTINGS_DEFAULT;
}

export async function readPlatformMerchants(q: Queryable): Promise<PlatformMerchants> {
  const parsed = platformMerchantsSchema.safeParse(
    (await storedValue(q, PLATFORM_SETTING_KEYS.licenceMerchants)) ?? {},
  );
  return parsed.success ? parsed.data : { payme: null, click: null, midtrans: null };
}

/** The platform's account at one provider, or null when the console has not set it up. */
export async function platformMerchantOf<P extends OnlineProvider>(
  q: Queryable,
  provider: P,
): Promise<PlatformMerchants[P]> {
  return (await readPlatformMerchants(q))[provider];
}
