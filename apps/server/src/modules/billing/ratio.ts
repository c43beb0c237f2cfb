/**
 * Exact fractions of minor units. A per-lesson price such as 600 000 / 13 is not a whole
 * number: the engine adds such shares exactly and rounds once per charge, so a figure is
 * never off by the sum of many small roundings. BigInt keeps products of large prices
 * and day counts exact.
 */
export interface Ratio {
  num: bigint;
  den: bigint;
}

export const ZERO: Ratio = { num: 0n, den: 1n };

export const ratio = (num: number | bigint, den: number | bigint = 1): Ratio => {
  if (BigInt(den) <= 0n) throw new Error(`ratio: denominator must be positive, got ${den}`);
  return { num: BigInt(num), den: BigInt(den) };
};

export const add = (a: Ratio, b: Ratio): Ratio =>
  a.den === b.den ? { num: a.num + b.num, den: a.den } : { num: a.num * b.den + b.num * a.den, den: a.den * b.den };

export const times = (a: Ratio, factor: number): Ratio => ({ num: a.num * BigInt(factor), den: a.den });

export const sum = (parts: readonly Ratio[]): Ratio => parts.reduce(add, ZERO);

export const less = (a: Ratio, b: Ratio): boolean => a.num * b.den < b.num * a.den;

export const min = (a: Ratio, b: Ratio): Ratio => (less(b, a) ? b : a);

/** Rounded half up to whole minor units (amounts are never negative here). */
export function roundHalfUp(r: Ratio): number {
  if (r.num < 0n) throw new Error('roundHalfUp: negative amount');
  return Number((2n * r.num + r.den) / (2n * r.den));
}
