import {
  PLATFORM_SETTING_KEYS,
  type PlatformSettings,
  platformSettingsSchema,
  type SupportChat,
  supportChatSchema,
  TRIAL_DAYS_DEFAULT,
  TRIAL_DAYS_MAX,
  TRIAL_DAYS_MIN,
} from '@crm/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { platformSettings } from '../../db/schema/index.js';
import type { ConsoleActing } from './console-actions.js';
import { recordConsoleAction } from './console-audit.js';
import { asPlatform } from './platform-db.js';

const KEYS = [PLATFORM_SETTING_KEYS.trialDays, PLATFORM_SETTING_KEYS.supportChat];

/** A stored trial length, or the default when none (or a value out of bounds) is stored. */
const trialDaysFrom = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= TRIAL_DAYS_MIN && value <= TRIAL_DAYS_MAX
    ? value
    : TRIAL_DAYS_DEFAULT;

/** The settings as stored; anything unreadable counts as unset. Reads through the owner connection only. */
export async function readPlatformSettings(q: Queryable): Promise<PlatformSettings> {
  const rows = await q
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(inArray(platformSettings.key, KEYS));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const chat = supportChatSchema.safeParse(value(PLATFORM_SETTING_KEYS.supportChat));
  return {
    trial_days: trialDaysFrom(value(PLATFORM_SETTING_KEYS.trialDays)),
    support_chat: chat.success ? chat.data : null,
  };
}

/** The trial length of a new centre's licence (issue 16 sign-up reads `trial_days` the same way). */
export const trialDaysOf = async (q: Queryable): Promise<number> => (await readPlatformSettings(q)).trial_days;

/** Writes one platform setting (the console module is the only writer of platform_settings). */
export const upsertPlatformSetting = (q: Queryable, key: string, value: unknown) =>
  q
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: sql`now()` } });

/** One change of the settings at a time: the "before" written to the log is the one the change replaced. */
export const lockPlatformSettings = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);

/** PUT /console/settings: both settings at once, the change (before and after) in the audit log. */
export async function updatePlatformSettings(
  db: Db,
  acting: ConsoleActing,
  input: PlatformSettings,
): Promise<PlatformSettings> {
  const parsed = platformSettingsSchema.parse(input);
  const next: PlatformSettings = {
    trial_days: parsed.trial_days,
    support_chat: parsed.support_chat && {
      base_url: parsed.support_chat.base_url.replace(/\/+$/, ''),
      website_token: parsed.support_chat.website_token,
    },
  };
  const saved = await asPlatform(db, async (tx) => {
    await lockPlatformSettings(tx);
    const before = await readPlatformSettings(tx);
    await upsertPlatformSetting(tx, PLATFORM_SETTING_KEYS.trialDays, next.trial_days);
    if (next.support_chat) await upsertPlatformSetting(tx, PLATFORM_SETTING_KEYS.supportChat, next.support_chat);
    else await tx.delete(platformSettings).where(eq(platformSettings.key, PLATFORM_SETTING_KEYS.supportChat));
    await recordConsoleAction(tx, {
      accountId: acting.caller.id,
      action: 'settings_changed',
      data: { before, after: next },
      ip: acting.ip,
    });
    return next;
  });
  supportChatCache.delete(db);
  return saved;
}

/* ------------------------------------------------------------------ the support chat of every page */

/** Every page asks for the chat's settings: they are kept half a minute rather than read each time. */
const CACHE_MS = 30_000;
const supportChatCache = new WeakMap<Db, { value: Promise<SupportChat | null>; until: number }>();

/** The support chat as configured (cached; a change on this server shows at once, on another within 30 s). */
export function supportChatOf(db: Db): Promise<SupportChat | null> {
  const hit = supportChatCache.get(db);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = asPlatform(db, readPlatformSettings).then(
    (settings) => settings.support_chat,
    () => {
      supportChatCache.delete(db);
      return null;
    },
  );
  supportChatCache.set(db, { value, until: Date.now() + CACHE_MS });
  return value;
}

/**
 * The page's Content-Security-Policy with the chat's origin let in: the widget's script comes from it, its
 * frame shows its pages, and it talks to it over HTTPS and a WebSocket. Without a chat, unchanged.
 */
export function cspWithSupportChat(csp: string, chat: SupportChat | null): string {
  if (!chat) return csp;
  const origin = new URL(chat.base_url).origin;
  const socket = origin.replace(/^http/, 'ws');
  const extra: Record<string, string[]> = {
    'script-src': [origin],
    'frame-src': [origin],
    'connect-src': [origin, socket],
    'img-src': [origin],
  };
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, sources] of Object.entries(extra)) {
    const index = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (index < 0) directives.push(`${name} ${sources.join(' ')}`);
    else directives[index] = `${directives[index]} ${sources.join(' ')}`;
  }
  return directives.join(';');
}
