import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertOwnCompany } from './service.js';

/**
 * A centre's pictures (spec §3 Company logo, backgrounds). The company row keeps each one as the address the
 * browser loads (`{api}/company/{id}/picture/{key}`); the bytes live in the file storage under the key.
 * A picture's bytes are removed only after the change that let it go has committed.
 */

/** The log-in page shows at most five backgrounds (companySettingsUpdateSchema allows as many). */
export const MAX_BACKGROUNDS = 5;

const PICTURE_ADDRESS = /\/company\/(\d+)\/picture\/([0-9a-f]{32})$/;

/** The address a stored picture is served at; `apiPrefix` is where the API is mounted (/api/v1). */
export const pictureAddress = (apiPrefix: string, companyId: number, key: string) =>
  `${apiPrefix}/company/${companyId}/picture/${key}`;

/** The storage key of one of the company's own pictures; null for anything else (a seeded `/logo.png`). */
export function pictureKeyOf(address: string | null | undefined, companyId: number): string | null {
  const match = address ? PICTURE_ADDRESS.exec(address) : null;
  return match && Number(match[1]) === companyId ? (match[2] as string) : null;
}

export const backgroundsOf = (stored: unknown): string[] =>
  Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];

async function lockPictures(tx: Tx, companyId: number, lock = true) {
  const query = tx
    .select({ logo: companies.logo, backgrounds: companies.backgrounds })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return { logo: row.logo, backgrounds: backgroundsOf(row.backgrounds) };
}

const recordPictureChange = (tx: Tx, actor: Actor, picture: 'logo' | 'background', change: 'added' | 'removed') =>
  recordHistory(tx, actor, {
    event: 'companyPictureChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: { picture, change },
  });

/** Asked before an upload is read, so a sixth background is refused without resizing it first. */
export async function assertPictureRoom(tx: Tx, actor: Actor, companyId: number, picture: 'logo' | 'background') {
  assertOwnCompany(actor, companyId);
  if (picture === 'background') assertBackgroundRoom((await lockPictures(tx, companyId, false)).backgrounds);
}

function assertBackgroundRoom(backgrounds: readonly string[]) {
  if (backgrounds.length >= MAX_BACKGROUNDS) throw new AppError(409, 'backgrounds_full', { limit: MAX_BACKGROUNDS });
}

/** Puts the new logo in place; answers the key of the replaced one, whose bytes go once this commits. */
export async function replaceCompanyLogo(tx: Tx, actor: Actor, companyId: number, address: string) {
  assertOwnCompany(actor, companyId);
  const before = await lockPictures(tx, companyId);
  await tx.update(companies).set({ logo: address }).where(eq(companies.id, companyId));
  await recordPictureChange(tx, actor, 'logo', 'added');
  return { logo: address, released: pictureKeyOf(before.logo, companyId) };
}

export async function removeCompanyLogo(tx: Tx, actor: Actor, companyId: number) {
  assertOwnCompany(actor, companyId);
  const before = await lockPictures(tx, companyId);
  if (before.logo === null) return { logo: null, released: null };
  await tx.update(companies).set({ logo: null }).where(eq(companies.id, companyId));
  await recordPictureChange(tx, actor, 'logo', 'removed');
  return { logo: null, released: pictureKeyOf(before.logo, companyId) };
}

export async function addCompanyBackground(tx: Tx, actor: Actor, companyId: number, address: string) {
  assertOwnCompany(actor, companyId);
  const current = (await lockPictures(tx, companyId)).backgrounds;
  assertBackgroundRoom(current);
  const backgrounds = [...current, address];
  await tx.update(companies).set({ backgrounds }).where(eq(companies.id, companyId));
  await recordPictureChange(tx, actor, 'background', 'added');
  return { backgrounds, released: null };
}

/**
 * PUT /company/{id}/datas `backgrounds`: only pictures the company has, each once, in the new order.
 * Answers the kept list and the keys let go (removed after commit), and records one event per removed one.
 */
export async function keepCompanyBackgrounds(tx: Tx, actor: Actor, current: readonly string[], kept: string[]) {
  const unknown = kept.filter((address, i) => !current.includes(address) || kept.indexOf(address) !== i);
  if (unknown.length) {
    throw new AppError(400, 'validation_failed', [
      { field: 'backgrounds', rule: 'invalid', message: 'backgrounds: only uploaded pictures, each once' },
    ]);
  }
  const removed = current.filter((address) => !kept.includes(address));
  for (const _ of removed) await recordPictureChange(tx, actor, 'background', 'removed');
  return removed.map((address) => pictureKeyOf(address, actor.companyId)).filter((key) => key !== null);
}

/**
 * GET /company/{id}/picture/{key} (public: the log-in page shows the logo before anyone signs in). Only a
 * picture the company uses now is served, so a replaced logo's address stops working with it.
 */
export async function findCompanyPicture(
  db: Queryable,
  companyId: number,
  key: string,
): Promise<{ contentType: 'image/png' | 'image/jpeg' } | null> {
  const [row] = await db
    .select({ logo: companies.logo, backgrounds: companies.backgrounds })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  // The logo is stored as PNG (it may be transparent), backgrounds as JPEG (picture-routes.ts).
  if (pictureKeyOf(row.logo, companyId) === key) return { contentType: 'image/png' };
  const background = backgroundsOf(row.backgrounds).some((address) => pictureKeyOf(address, companyId) === key);
  return background ? { contentType: 'image/jpeg' } : null;
}
