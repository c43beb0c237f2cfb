import type { LicenceAnswer, LicenceOrder, Tariff, TariffList } from '@crm/contracts';

/** Shared fixtures of the licence screens' tests (the shapes of contracts licence-routes.ts). */

export function aLicenceAnswer(
  licence: Partial<LicenceAnswer['licence']> = {},
  policies: Partial<LicenceAnswer['policies']> = {},
): LicenceAnswer {
  return {
    licence: {
      state: 'active',
      ends_on: '2026-12-31',
      days_left: 33,
      grace_ends_on: null,
      max_students: 100,
      active_students: 64,
      ...licence,
    },
    policies: { can_order: true, billing_visible: true, ...policies },
  };
}

const MONTH_PRICES: Record<number, number> = { 100: 500_000, 300: 1_000_000, 1000: 2_000_000 };
const DISCOUNTS: Record<number, number> = { 1: 0, 3: 5, 6: 10, 12: 20 };

/** The spec §9 grid in UZS: a band's month price times the months, less the period's discount. */
export function aTariffList(overrides: Partial<TariffList> = {}): TariffList {
  let id = 0;
  const tariffs: Tariff[] = [100, 300, 1000].flatMap((max, index) =>
    [1, 3, 6, 12].map((months) => ({
      id: ++id,
      country: 'uz' as const,
      currency: 'UZS',
      max_students: max,
      min_students: [0, 100, 300][index] as number,
      period_months: months,
      price: Math.round((MONTH_PRICES[max] as number) * months * (1 - (DISCOUNTS[months] as number) / 100)),
      discount_percent: DISCOUNTS[months] as number,
    })),
  );
  return { country: 'uz', currency: 'UZS', tariffs, providers: ['payme', 'click'], ...overrides };
}

export function anOrder(overrides: Partial<LicenceOrder> = {}): LicenceOrder {
  return {
    id: 5,
    number: '1-5',
    max_students: 300,
    period_months: 12,
    amount: 9_600_000,
    currency: 'UZS',
    status: 'pending',
    licence_from: null,
    licence_to: null,
    paid_at: null,
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}
