import type { OfferState, OfferTexts } from '@crm/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companyOffers, offerAcceptances } from '../../db/schema/index.js';

/**
 * Reading the offer's tables (issue 17). Other modules ask here for people's states (the student list and
 * profile) rather than reading the tables themselves; this module is their only writer.
 */

export interface PublishedOffer {
  version: number;
  texts: OfferTexts;
  publishedAt: Date;
}

/** The version in force: the latest one published (versions only grow, none is ever withdrawn). */
export async function currentOffer(tx: Tx, companyId: number): Promise<PublishedOffer | null> {
  const [row] = await tx
    .select({ version: companyOffers.version, texts: companyOffers.texts, publishedAt: companyOffers.publishedAt })
    .from(companyOffers)
    .where(eq(companyOffers.companyId, companyId))
    .orderBy(desc(companyOffers.version))
    .limit(1);
  return row ? { ...row, texts: row.texts as OfferTexts } : null;
}

/**
 * Each user's offer state: the version in force and the latest version he accepted. A user who accepted
 * an older version is not signed: a new version asks again. One statement for the whole page of users.
 */
export async function offerStatesOf(
  tx: Tx,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, OfferState>> {
  const states = new Map<number, OfferState>();
  if (!userIds.length) return states;
  const current = (await currentOffer(tx, companyId))?.version ?? null;
  const accepted = current
    ? await tx
        .selectDistinctOn([offerAcceptances.userId], {
          userId: offerAcceptances.userId,
          version: offerAcceptances.version,
          acceptedAt: offerAcceptances.acceptedAt,
        })
        .from(offerAcceptances)
        .where(and(eq(offerAcceptances.companyId, companyId), inArray(offerAcceptances.userId, [...userIds])))
        .orderBy(offerAcceptances.userId, desc(offerAcceptances.version))
    : [];
  const latest = new Map(accepted.map((row) => [row.userId, row]));
  for (const id of userIds) {
    const row = latest.get(id);
    states.set(id, {
      current_version: current,
      accepted_version: row?.version ?? null,
      accepted_at: row ? row.acceptedAt.toISOString() : null,
      signed: current !== null && row?.version === current,
    });
  }
  return states;
}

/**
 * `offer_signed` as a column of another module's query over users (`userId` its user id): whether the user
 * accepted the version in force, null while none is published. A column rather than a second statement: the
 * student list and profile keep their statement budget.
 */
export const offerSignedSql = (companyId: number, userId: SQL): SQL => sql`(select case when o.version is null
    then null else exists (select 1 from offer_acceptances a
      where a.company_id = ${companyId} and a.user_id = ${userId} and a.version = o.version) end
  from (select max(version) as version from company_offers where company_id = ${companyId}) o)`;
