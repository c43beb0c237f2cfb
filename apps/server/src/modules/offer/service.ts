import {
  canAccess,
  LANGUAGES,
  type Offer,
  type OfferAcceptInput,
  type OfferPublishInput,
  type OfferState,
  type OfferTexts,
  type OfferVersion,
  type OfferVersionDetail,
  offerLanguages,
  Role,
} from '@crm/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companyOffers, offerAcceptances, users } from '../../db/schema/index.js';
import { type Actor, assertArea } from '../../platform/actor.js';
import { AppError, FieldRefusal, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findTargets } from '../users/queries.js';
import { currentOffer, offerStatesOf } from './offer-states.js';

/**
 * The centre's offer (issue 17): the settings publish numbered versions, students accept the one in force.
 * Both tables are append-only (the database refuses app_user UPDATE and DELETE): a version stays as it was
 * read and accepted, and an acceptance is a record of what happened.
 */

/**
 * Publishing takes this company's lock alone, accepting shares it: two publishes cannot both take the same
 * next number, and an acceptance cannot be checked against a version a publish is replacing that moment.
 */
const lockOffer = (tx: Tx, companyId: number, mode: 'publish' | 'accept') =>
  tx.execute(
    mode === 'publish'
      ? sql`select pg_advisory_xact_lock(hashtextextended(${`offer:${companyId}`}, 0))`
      : sql`select pg_advisory_xact_lock_shared(hashtextextended(${`offer:${companyId}`}, 0))`,
  );

const isStudent = (actor: Actor) => actor.roles.includes(Role.student);

async function stateOf(tx: Tx, companyId: number, userId: number): Promise<OfferState> {
  return (await offerStatesOf(tx, companyId, [userId])).get(userId) as OfferState;
}

/** GET /offer: the version in force, the caller's own state, and what he may do. */
export async function getOffer(tx: Tx, actor: Actor): Promise<Offer> {
  const current = await currentOffer(tx, actor.companyId);
  return {
    current: current
      ? { version: current.version, texts: current.texts, published_at: current.publishedAt.toISOString() }
      : null,
    state: await stateOf(tx, actor.companyId, actor.id),
    policies: { can_publish: canAccess('settings', actor.roles), can_accept: isStudent(actor) },
  };
}

/** POST /offer: a new version (the last one + 1) of the languages given; everyone is asked again. */
export async function publishOffer(tx: Tx, actor: Actor, input: OfferPublishInput): Promise<Offer> {
  await lockOffer(tx, actor.companyId, 'publish');
  const version = ((await currentOffer(tx, actor.companyId))?.version ?? 0) + 1;
  // Only the languages that say something: an empty tab is "not written", not an empty contract.
  const texts: OfferTexts = Object.fromEntries(
    LANGUAGES.flatMap((language) => (input.texts[language] ? [[language, input.texts[language]]] : [])),
  );
  await tx.insert(companyOffers).values({ companyId: actor.companyId, version, texts, publishedBy: actor.id });
  await recordHistory(tx, actor, {
    event: 'offerPublished',
    entity: 'company',
    entityId: actor.companyId,
    data: { version },
  });
  return getOffer(tx, actor);
}

const versionColumns = {
  version: companyOffers.version,
  texts: companyOffers.texts,
  publishedAt: companyOffers.publishedAt,
  publisherId: users.id,
  publisherName: users.name,
};

/** The published versions with their publishers' names (a publisher since removed shows as none). */
const selectVersions = (tx: Tx, companyId: number, version?: number) =>
  tx
    .select(versionColumns)
    .from(companyOffers)
    .leftJoin(users, and(eq(users.companyId, companyOffers.companyId), eq(users.id, companyOffers.publishedBy)))
    .where(
      version === undefined
        ? eq(companyOffers.companyId, companyId)
        : and(eq(companyOffers.companyId, companyId), eq(companyOffers.version, version)),
    )
    .orderBy(desc(companyOffers.version));

type VersionRow = Awaited<ReturnType<typeof selectVersions>>[number];

const toVersion = (row: VersionRow, acceptances: number): OfferVersion => ({
  version: row.version,
  published_at: row.publishedAt.toISOString(),
  published_by:
    row.publisherId !== null && row.publisherName !== null ? { id: row.publisherId, name: row.publisherName } : null,
  languages: offerLanguages(row.texts as OfferTexts),
  acceptances,
});

async function acceptanceCounts(tx: Tx, companyId: number, version?: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ version: offerAcceptances.version, n: count() })
    .from(offerAcceptances)
    .where(
      version === undefined
        ? eq(offerAcceptances.companyId, companyId)
        : and(eq(offerAcceptances.companyId, companyId), eq(offerAcceptances.version, version)),
    )
    .groupBy(offerAcceptances.version);
  return new Map(rows.map((row) => [row.version, row.n]));
}

/** GET /offer/versions: newest first, each with how many accepted it. */
export async function listOfferVersions(tx: Tx, actor: Actor): Promise<{ data: OfferVersion[] }> {
  const rows = await selectVersions(tx, actor.companyId);
  const counts = await acceptanceCounts(tx, actor.companyId);
  return { data: rows.map((row) => toVersion(row, counts.get(row.version) ?? 0)) };
}

/** GET /offer/versions/{version}: one version with its texts. */
export async function getOfferVersion(tx: Tx, actor: Actor, version: number): Promise<OfferVersionDetail> {
  const [row] = await selectVersions(tx, actor.companyId, version);
  if (!row) throw notFound();
  const counts = await acceptanceCounts(tx, actor.companyId, version);
  return { ...toVersion(row, counts.get(version) ?? 0), texts: row.texts as OfferTexts };
}

interface Signer {
  id: number;
  name: string;
  branchId: number | null;
}

/**
 * Whose acceptance is recorded: a student's own (the offer is the students' contract; a parent signs at the
 * student's log-in), or a student of one of the caller's branches when staff of the students area record
 * a paper signature. Another company's user, another branch's and someone who is no student look absent.
 */
async function signerOf(tx: Tx, actor: Actor, userId: number): Promise<Signer> {
  if (userId === actor.id && !isStudent(actor)) throw forbidden();
  if (userId !== actor.id) assertArea(actor, 'students');
  const [target] = await findTargets(tx, actor, [userId], false);
  if (target?.types.includes('student'))
    return { id: target.id, name: target.name, branchId: target.mainBranchId ?? target.branchIds[0] ?? null };
  // A student of no branch is out of every branch scope, yet still himself.
  if (userId === actor.id) return { id: actor.id, name: actor.name, branchId: null };
  throw notFound();
}

/**
 * PUT /user/{id}/offer: records that the student accepted the version in force, read in `language`. Only
 * the version in force is accepted (the reader saw an older one: he must read the new one); accepting it
 * again changes nothing and answers the same state.
 */
export async function acceptOffer(
  tx: Tx,
  actor: Actor,
  userId: number,
  input: OfferAcceptInput,
  ip: string | null,
): Promise<OfferState> {
  const signer = await signerOf(tx, actor, userId);
  await lockOffer(tx, actor.companyId, 'accept');
  const current = await currentOffer(tx, actor.companyId);
  if (!current) throw new AppError(409, 'offer_not_published');
  if (input.version !== current.version)
    throw new AppError(409, 'offer_version_outdated', { current_version: current.version });
  if (!offerLanguages(current.texts).includes(input.language))
    throw new FieldRefusal([{ field: 'language', rule: 'invalid_value' }]);
  const inserted = await tx
    .insert(offerAcceptances)
    .values({
      companyId: actor.companyId,
      userId: signer.id,
      version: current.version,
      acceptedBy: actor.id,
      language: input.language,
      ip,
    })
    .onConflictDoNothing()
    .returning({ id: offerAcceptances.id });
  if (inserted.length) {
    await recordHistory(tx, actor, {
      event: 'offerAccepted',
      entity: 'user',
      entityId: signer.id,
      branchId: signer.branchId,
      data: { version: current.version, student_name: signer.name },
    });
  }
  return stateOf(tx, actor.companyId, signer.id);
}
