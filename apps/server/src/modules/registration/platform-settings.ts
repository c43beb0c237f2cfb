import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { platformSettings } from '../../db/schema/index.js';

/** A new centre's trial licence, in days, when the platform has not set its own (console: trial_days). */
export const DEFAULT_TRIAL_DAYS = 14;

/** The platform's trial length: the console's setting when it is a sane number of days, else the default. */
export async function trialDays(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, 'trial_days'));
  const parsed = z.number().int().min(1).max(365).safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_TRIAL_DAYS;
}
