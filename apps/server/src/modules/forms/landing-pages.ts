import type { LandingBlock, LandingPage, LandingPageList, Language, landingPageInputSchema } from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { forms, landingPages } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, FieldRefusal, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

type LandingInput = z.output<typeof landingPageInputSchema>;
type LandingRow = typeof landingPages.$inferSelect;

export const landingPathOf = (slug: string) => `/landing-page/${slug}`;

function toLandingPage(row: LandingRow): LandingPage {
  return {
    id: row.id,
    slug: row.slug,
    locale: row.locale as Language,
    title: row.title,
    description: row.description,
    pixel_id: row.pixelId,
    blocks: row.blocks as LandingBlock[],
    published: row.status === 'published',
    path: landingPathOf(row.slug),
    updated_at: row.updatedAt.toISOString(),
    policies: { edit: true, delete: true },
  };
}

async function findLanding(tx: Tx, companyId: number, id: number, lock = false) {
  const query = tx
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.companyId, companyId), eq(landingPages.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Embedded forms must be the company's published public or lead forms (an audit has no public page, a draft takes no answer). */
async function checkBlocks(tx: Tx, companyId: number, blocks: readonly LandingBlock[]) {
  const formIds = blocks.flatMap((b, i) => (b.type === 'lead_form' ? [{ id: b.form_id, at: i }] : []));
  if (!formIds.length) return;
  const found = await tx
    .select({ id: forms.id })
    .from(forms)
    .where(
      and(
        eq(forms.companyId, companyId),
        inArray(
          forms.id,
          formIds.map((f) => f.id),
        ),
        inArray(forms.kind, ['form', 'lead']),
        eq(forms.status, 'published'),
      ),
    );
  const known = new Set(found.map((f) => f.id));
  const missing = formIds.filter((f) => !known.has(f.id));
  if (missing.length)
    throw new FieldRefusal(missing.map((f) => ({ field: `blocks.${f.at}.form_id`, rule: 'invalid_value' })));
}

/** The slug is unique per company: taken → 409 landing_slug_taken (the unique index is the last word). */
async function assertSlugFree(tx: Tx, companyId: number, slug: string, except: number | null) {
  const [taken] = await tx
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(and(eq(landingPages.companyId, companyId), eq(landingPages.slug, slug)));
  if (taken && taken.id !== except) throw new AppError(409, 'landing_slug_taken');
}

const valuesOf = (input: LandingInput) => ({
  slug: input.slug,
  locale: input.locale,
  title: input.title,
  description: input.description,
  pixelId: input.pixel_id,
  blocks: input.blocks,
  status: input.published ? 'published' : 'draft',
});

const recordChange = (tx: Tx, actor: Actor, row: LandingRow, change: 'saved' | 'deleted') =>
  recordHistory(tx, actor, {
    event: 'landingPageChanged',
    entity: 'landing_page',
    entityId: row.id,
    data: { title: row.title, slug: row.slug, published: row.status === 'published', change },
  });

export async function listLandingPages(tx: Tx, actor: Actor): Promise<LandingPageList> {
  const rows = await tx
    .select()
    .from(landingPages)
    .where(eq(landingPages.companyId, actor.companyId))
    .orderBy(asc(landingPages.slug));
  return {
    data: rows.map((row) => {
      const { blocks: _blocks, ...page } = toLandingPage(row);
      return page;
    }),
    policies: { create: true },
  };
}

export async function getLandingPage(tx: Tx, actor: Actor, id: number) {
  return toLandingPage(await findLanding(tx, actor.companyId, id));
}

export async function createLandingPage(tx: Tx, actor: Actor, input: LandingInput) {
  await checkBlocks(tx, actor.companyId, input.blocks);
  await assertSlugFree(tx, actor.companyId, input.slug, null);
  const [row] = await tx
    .insert(landingPages)
    .values({ companyId: actor.companyId, createdBy: actor.id, ...valuesOf(input) })
    .returning();
  if (!row) throw new Error('landing page insert returned no row');
  await recordChange(tx, actor, row, 'saved');
  return toLandingPage(row);
}

export async function updateLandingPage(tx: Tx, actor: Actor, id: number, input: LandingInput) {
  await findLanding(tx, actor.companyId, id, true);
  await checkBlocks(tx, actor.companyId, input.blocks);
  await assertSlugFree(tx, actor.companyId, input.slug, id);
  const [row] = await tx
    .update(landingPages)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(and(eq(landingPages.companyId, actor.companyId), eq(landingPages.id, id)))
    .returning();
  if (!row) throw new Error('landing page update returned no row');
  await recordChange(tx, actor, row, 'saved');
  return toLandingPage(row);
}

export async function deleteLandingPage(tx: Tx, actor: Actor, id: number) {
  const row = await findLanding(tx, actor.companyId, id, true);
  await tx.delete(landingPages).where(and(eq(landingPages.companyId, actor.companyId), eq(landingPages.id, id)));
  await recordChange(tx, actor, row, 'deleted');
}

/** A published page by its slug, for the public address (drafts read as absent). */
export async function publishedLanding(tx: Tx, companyId: number, slug: string) {
  const [row] = await tx
    .select()
    .from(landingPages)
    .where(
      and(eq(landingPages.companyId, companyId), eq(landingPages.slug, slug), eq(landingPages.status, 'published')),
    );
  return row ? toLandingPage(row) : null;
}
