import { type CoinSettings, coinSettingsSchema, DEFAULT_COIN_SETTINGS } from '@crm/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { coinSettings, companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/** Whether the company has turned gamification on (spec §3 datas.gamification). */
export async function gamificationIsOn(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ on: sql<boolean>`coalesce((${companies.datas}->>'gamification')::boolean, false)` })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.on ?? false;
}

/** Every gamification call is refused while the company has it off (its menus are hidden then, spec §2). */
export async function assertGamificationOn(tx: Tx, companyId: number): Promise<void> {
  if (!(await gamificationIsOn(tx, companyId))) throw new AppError(403, 'gamification_off');
}

/** The company's coin rules, or the defaults (every rule off) while it has saved none. */
export async function readCoinSettings(tx: Tx, companyId: number): Promise<CoinSettings> {
  const [row] = await tx.select().from(coinSettings).where(eq(coinSettings.companyId, companyId));
  if (!row) return DEFAULT_COIN_SETTINGS;
  // A rule added after the row was saved reads as its default.
  const parsed = coinSettingsSchema.safeParse({ ...DEFAULT_COIN_SETTINGS, ...(row.settings as object) });
  return parsed.success ? parsed.data : DEFAULT_COIN_SETTINGS;
}

/** PUT /gamification/settings. */
export async function saveCoinSettings(tx: Tx, actor: Actor, input: CoinSettings): Promise<CoinSettings> {
  await assertGamificationOn(tx, actor.companyId);
  await tx
    .insert(coinSettings)
    .values({ companyId: actor.companyId, settings: input })
    .onConflictDoUpdate({ target: coinSettings.companyId, set: { settings: input, updatedAt: sql`now()` } });
  await recordHistory(tx, actor, { event: 'coinSettingsChanged', entity: 'company', entityId: actor.companyId });
  return input;
}
