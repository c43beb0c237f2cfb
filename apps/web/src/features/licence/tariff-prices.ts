import type { LicenceOrderInput, OnlineProvider, Tariff, TariffBand, TariffList, TariffPeriod } from '@crm/contracts';

/** A band of the price list as the cards show it: "0–100 students". */
export interface Band {
  min: number;
  max: number;
}

/** The bands the list prices, smallest first (spec §9: 0–100, 100–300, 300–1000). */
export function bandsOf(tariffs: readonly Tariff[]): Band[] {
  const byMax = new Map<number, Band>();
  for (const tariff of tariffs) byMax.set(tariff.max_students, { min: tariff.min_students, max: tariff.max_students });
  return [...byMax.values()].sort((a, b) => a.max - b.max);
}

/** The periods the list prices, shortest first. */
export const periodsOf = (tariffs: readonly Tariff[]): number[] =>
  [...new Set(tariffs.map((tariff) => tariff.period_months))].sort((a, b) => a - b);

export const tariffOf = (tariffs: readonly Tariff[], max: number, months: number): Tariff | undefined =>
  tariffs.find((tariff) => tariff.max_students === max && tariff.period_months === months);

/** What the order form holds: a band (by its upper bound), a period and, to pay online, a provider. */
export interface TariffChoice {
  max_students: number;
  period_months: number;
  provider: OnlineProvider | null;
}

/**
 * The first choice shown: the centre's own band if it is on the list (else the smallest), one month if priced
 * (else the shortest period of that band), the only or first provider.
 */
export function initialChoice(prices: TariffList, currentMax: number | null | undefined): TariffChoice | null {
  const bands = bandsOf(prices.tariffs);
  const band = bands.find((b) => b.max === currentMax) ?? bands[0];
  if (!band) return null;
  const months = periodsOf(prices.tariffs.filter((tariff) => tariff.max_students === band.max))[0] ?? 1;
  return { max_students: band.max, period_months: months, provider: prices.providers[0] ?? null };
}

/** A new band keeps the period when that band prices it, else takes the band's shortest. */
export function withBand(tariffs: readonly Tariff[], choice: TariffChoice, max: number): TariffChoice {
  if (tariffOf(tariffs, max, choice.period_months)) return { ...choice, max_students: max };
  const months = periodsOf(tariffs.filter((tariff) => tariff.max_students === max))[0] ?? choice.period_months;
  return { ...choice, max_students: max, period_months: months };
}

/** The order of a choice. Its band and period come from the server's own price list, so they are its values. */
export const orderInputOf = (choice: TariffChoice): LicenceOrderInput => ({
  max_students: choice.max_students as TariffBand,
  period_months: choice.period_months as TariffPeriod,
});
