import { bandMinOf, type Country, TARIFF_BANDS, TARIFF_PERIODS, type Tariff, type TariffBand } from '@crm/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { platformTariffs } from '../../db/schema/index.js';

/*
 * The platform's price list (issue 17) as the console and the centres read it. platform_tariffs has row-level
 * security with no policy: call these on the owner connection (asPlatform), never inside a centre's request
 * transaction, where they would find no row at all.
 */

const isBand = (n: number): n is TariffBand => (TARIFF_BANDS as readonly number[]).includes(n);
const isPeriod = (n: number) => (TARIFF_PERIODS as readonly number[]).includes(n);

/**
 * A longer period's discount in whole percent: against the same band's one-month price times its months.
 * 0 without a one-month price to compare with; negative when the longer period costs more.
 */
export function discountPercent(price: number, periodMonths: number, monthlyPrice: number | undefined): number {
  if (!monthlyPrice || periodMonths <= 1) return 0;
  // `+ 0` turns Math.round's -0 (a price a hair above the full one) into 0.
  return Math.round((1 - price / (monthlyPrice * periodMonths)) * 100) + 0;
}

/**
 * A country's prices, band by band and period by period. Only the spec's bands and periods are offered:
 * a row of any other (written by hand in the database) is left out rather than sold.
 */
export async function tariffsOf(q: Queryable, country: Country): Promise<Tariff[]> {
  const rows = await q
    .select()
    .from(platformTariffs)
    .where(eq(platformTariffs.country, country))
    .orderBy(asc(platformTariffs.maxStudents), asc(platformTariffs.periodMonths));
  const offered = rows.filter((row) => isBand(row.maxStudents) && isPeriod(row.periodMonths));
  const monthly = new Map(offered.filter((row) => row.periodMonths === 1).map((row) => [row.maxStudents, row.price]));
  return offered.map((row) => ({
    id: row.id,
    country,
    currency: row.currency,
    max_students: row.maxStudents,
    min_students: bandMinOf(row.maxStudents as TariffBand),
    period_months: row.periodMonths,
    price: row.price,
    discount_percent: discountPercent(row.price, row.periodMonths, monthly.get(row.maxStudents)),
  }));
}

/** The price of one band and period in a country, or null when it is not offered there. */
export async function tariffPrice(
  q: Queryable,
  country: Country,
  maxStudents: number,
  periodMonths: number,
): Promise<Tariff | null> {
  const list = await tariffsOf(q, country);
  return list.find((t) => t.max_students === maxStudents && t.period_months === periodMonths) ?? null;
}
