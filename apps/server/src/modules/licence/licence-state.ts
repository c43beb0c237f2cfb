import {
  addDays,
  companyDay,
  daysBetween,
  LICENCE_WARNING_DAYS,
  type LicenceSettings,
  type LicenceState,
} from '@crm/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { readLicenceSettings } from '../console/licence-settings.js';
import { asPlatform } from '../console/platform-db.js';

/**
 * Where a licence stands on the centre's today (decision 0026): it runs through its last day; then the grace
 * days (a platform setting) leave the data readable but unchangeable; after them only the licence itself can
 * be reached (seen and paid). Nothing is ever deleted.
 */
export interface LicenceStanding {
  state: LicenceState;
  endsOn: string | null;
  daysLeft: number | null;
  graceEndsOn: string | null;
}

export function licenceStanding(endsOn: string | null, today: string, graceDays: number): LicenceStanding {
  if (!endsOn) return { state: 'none', endsOn: null, daysLeft: null, graceEndsOn: null };
  const daysLeft = daysBetween(today, endsOn);
  const graceEndsOn = addDays(endsOn, graceDays);
  let state: LicenceState = 'active';
  if (daysLeft < 0) state = today <= graceEndsOn ? 'grace' : 'expired';
  else if (daysLeft < LICENCE_WARNING_DAYS) state = 'ending';
  return { state, endsOn, daysLeft, graceEndsOn: daysLeft < 0 ? graceEndsOn : null };
}

/** The company row's part a request reads anyway (session.ts), enough to place the licence. */
export interface CompanyLicenceRow {
  licenceEndsOn: string | null;
  datas: { country: string; time_zone?: string | null };
}

/**
 * The gate of every company request: past the grace nothing but the licence's own routes (and who am I, log
 * out); in the grace no change. `route` is the route's config (its `licence: 'always'` lets it through).
 */
export function assertLicenceAllows(
  standing: LicenceStanding,
  method: string,
  route: { licence?: 'always' } | undefined,
): void {
  if (route?.licence === 'always') return;
  if (standing.state === 'expired') throw new AppError(402, 'licence_expired', { ends_on: standing.endsOn });
  if (standing.state === 'grace' && method !== 'GET' && method !== 'HEAD') {
    throw new AppError(402, 'licence_read_only', { ends_on: standing.endsOn, grace_ends_on: standing.graceEndsOn });
  }
}

/** Every request needs the grace length: it is kept half a minute rather than read each time. */
const CACHE_MS = 30_000;
const settingsCache = new WeakMap<Db, { value: Promise<LicenceSettings>; until: number }>();

export function licenceSettingsOf(db: Db): Promise<LicenceSettings> {
  const hit = settingsCache.get(db);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = asPlatform(db, readLicenceSettings);
  value.catch(() => settingsCache.delete(db));
  settingsCache.set(db, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** A console change shows on this server at once (on another within the cache's half minute). */
export const forgetLicenceSettings = (db: Db) => settingsCache.delete(db);

export const standingOf = (row: CompanyLicenceRow, now: Date, graceDays: number): LicenceStanding =>
  licenceStanding(row.licenceEndsOn, companyDay(row.datas, now), graceDays);
