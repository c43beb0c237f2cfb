import { RUNNING_GROUP_STATUSES } from '@crm/contracts';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, pgArray, selectRows, type Tx } from '../../db/client.js';
import { billingInputVersions, groups, placePrices as placePricesTable } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type GroupToBill, loadGroupsToBill, loadPlaces } from './billing-data.js';
import type { BillingContext } from './booking.js';
import { companyBilling } from './company-billing.js';
import type { BillingPlace } from './place.js';
import { type PlacePrice, placeKey, priceGroupPlaces, pricePlaces } from './place-pricing.js';

/**
 * Kept place prices (decision 0029): the daily run prices every place of the groups it
 * books and keeps the answer; the debtors lists read it and run the engine only for the
 * places whose kept price no longer holds. A kept price holds while it is of today, under
 * the same settings and time zone, and no input of its group or company has changed since
 * (migration 0017's triggers count those changes in billing_input_versions).
 */

/** Everything of the company the price depends on that no trigger watches. */
export const keptPriceSettings = (ctx: BillingContext) =>
  JSON.stringify([ctx.settings.mode, ctx.settings.lessonsPerMonth, ctx.timeZone]);

/** The company's input version is kept under group 0. */
const COMPANY_INPUTS = 0;

export type InputVersions = Map<number, number>;

/**
 * The input versions of the groups and of the company. Read them before the inputs
 * themselves: a change committed in between then makes the kept price look stale (priced
 * again on read), never a stale price look current.
 */
export async function readInputVersions(
  tx: Tx,
  companyId: number,
  groupIds: readonly number[],
): Promise<InputVersions> {
  const rows = await tx
    .select({ groupId: billingInputVersions.groupId, version: billingInputVersions.version })
    .from(billingInputVersions)
    .where(
      and(
        eq(billingInputVersions.companyId, companyId),
        sql`${billingInputVersions.groupId} = any(${pgArray([COMPANY_INPUTS, ...groupIds])}::bigint[])`,
      ),
    );
  return new Map(rows.map((row) => [row.groupId, row.version]));
}

/** Prices every place of the batch and keeps the answers (the daily run, after booking). */
export async function keepPlacePrices(
  tx: Tx,
  ctx: BillingContext,
  batch: readonly GroupToBill[],
  places: readonly BillingPlace[],
  versions: InputVersions,
): Promise<void> {
  if (!places.length) return;
  const prices = await priceGroupPlaces(tx, ctx, batch, places, places, ctx.today);
  const settings = keptPriceSettings(ctx);
  const companyVersion = versions.get(COMPANY_INPUTS) ?? 0;
  const rows = places.flatMap((place) => {
    const price = prices.get(placeKey(place.groupId, place.studentId));
    if (!price) return [];
    return [
      {
        companyId: ctx.companyId,
        groupId: place.groupId,
        studentId: place.studentId,
        pricedOn: ctx.today,
        settings,
        groupVersion: versions.get(place.groupId) ?? 0,
        companyVersion,
        lessonPrice: price.lessonPrice,
        nextChargeDate: price.nextCharge?.date ?? null,
        nextChargeAmount: price.nextCharge?.amount ?? null,
      },
    ];
  });
  if (!rows.length) return;
  const replaced = (column: string): SQL => sql.raw(`excluded.${column}`);
  await tx
    .insert(placePricesTable)
    .values(rows)
    .onConflictDoUpdate({
      target: [placePricesTable.companyId, placePricesTable.groupId, placePricesTable.studentId],
      set: {
        pricedOn: replaced('priced_on'),
        settings: replaced('settings'),
        groupVersion: replaced('group_version'),
        companyVersion: replaced('company_version'),
        lessonPrice: replaced('lesson_price'),
        nextChargeDate: replaced('next_charge_date'),
        nextChargeAmount: replaced('next_charge_amount'),
      },
    });
}

/** The kept prices of the places that still hold (by placeKey); exported for its property test. */
export async function readKeptPrices(
  tx: Tx,
  ctx: BillingContext,
  places: readonly { groupId: number; studentId: number }[],
): Promise<Map<string, PlacePrice>> {
  const rows = await selectRows<{
    group_id: string;
    student_id: string;
    lesson_price: string;
    next_charge_date: string | null;
    next_charge_amount: string | null;
  }>(
    tx,
    sql`
    select p.group_id, p.student_id, p.lesson_price, p.next_charge_date::text, p.next_charge_amount
    from unnest(${pgArray(places.map((p) => p.groupId))}::bigint[], ${pgArray(places.map((p) => p.studentId))}::bigint[])
      as wanted(group_id, student_id)
    join place_prices p
      on p.company_id = ${ctx.companyId} and p.group_id = wanted.group_id and p.student_id = wanted.student_id
    left join billing_input_versions g on g.company_id = p.company_id and g.group_id = p.group_id
    left join billing_input_versions c on c.company_id = p.company_id and c.group_id = ${COMPANY_INPUTS}
    where p.priced_on = ${ctx.today}::date and p.settings = ${keptPriceSettings(ctx)}
      and p.group_version = coalesce(g.version, 0) and p.company_version = coalesce(c.version, 0)`,
  );
  return new Map(
    rows.map((row) => [
      placeKey(Number(row.group_id), Number(row.student_id)),
      {
        lessonPrice: Number(row.lesson_price),
        nextCharge:
          row.next_charge_date === null ? null : { date: row.next_charge_date, amount: Number(row.next_charge_amount) },
      },
    ]),
  );
}

/**
 * The places' lesson prices (taken on `day`) and next charges: the kept ones where they
 * hold, the engine's for the rest. Equal to pricePlaces whatever the history (the
 * property test of kept-prices.test.ts).
 */
export async function placePrices(
  tx: Tx,
  ctx: BillingContext,
  places: readonly { groupId: number; studentId: number }[],
  day: string,
): Promise<Map<string, PlacePrice>> {
  // A kept price is taken on today: another day (an export's) is priced afresh.
  if (day !== ctx.today || !places.length) return pricePlaces(tx, ctx, places, day);
  const kept = await readKeptPrices(tx, ctx, places);
  const missing = places.filter((p) => !kept.has(placeKey(p.groupId, p.studentId)));
  if (!missing.length) return kept;
  const priced = await pricePlaces(tx, ctx, missing, day);
  return new Map([...kept, ...priced]);
}

/**
 * Keeps the prices of every running group's places as of `at`, batch by batch: what the
 * day's run leaves behind, without booking (the bench's loader, whose ledger is made up).
 */
export async function keepAllPlacePrices(db: Db, companyId: number, at: Date, batchGroups = 200): Promise<number> {
  let afterGroupId = 0;
  let kept = 0;
  for (;;) {
    const done = await inCompany(db, companyId, async (tx) => {
      const ctx = await companyBilling(tx, companyId, at, null);
      const running = and(inArray(groups.status, [...RUNNING_GROUP_STATUSES]), gt(groups.id, afterGroupId));
      const batch = await loadGroupsToBill(tx, companyId, running, { limit: batchGroups, lock: false });
      const versions = await readInputVersions(
        tx,
        companyId,
        batch.map((g) => g.id),
      );
      const places = await loadPlaces(
        tx,
        companyId,
        batch.map((g) => g.id),
        ctx.timeZone,
      );
      await keepPlacePrices(tx, ctx, batch, places, versions);
      return { last: batch.at(-1)?.id, places: places.length };
    });
    if (done.last === undefined) return kept;
    afterGroupId = done.last;
    kept += done.places;
  }
}
