import { describe, expect, it } from 'vitest';
import {
  balanceStateOf,
  debtLessonCount,
  debtorsExportQuerySchema,
  debtorsParamsSchema,
  groupDebtOf,
} from './money.js';

describe('balanceStateOf: the rule of the debtors and balance-not-enough lists', () => {
  it.each([
    // balance, next charge, state
    [-1, 0, 'debtor'],
    [-600_000, 600_000, 'debtor'],
    [0, 600_000, 'not_enough'],
    [599_999, 600_000, 'not_enough'],
    [600_000, 600_000, 'enough'],
    [900_000, 600_000, 'enough'],
    // Nothing comes next (frozen, trial, the course is paid in full): never "not enough".
    [0, 0, 'enough'],
  ])('a balance of %i against a next charge of %i is %s', (balance, next, state) => {
    expect(balanceStateOf(balance, next)).toBe(state);
  });
});

describe('groupDebtOf', () => {
  it("is what he owes in the group, never more than he owes at all (the general balance covers groups' debts)", () => {
    expect(groupDebtOf(-700_000, -700_000)).toBe(700_000);
    // 600 000 paid to the general balance: of the group's −700 000 he really owes 100 000.
    expect(groupDebtOf(-100_000, -700_000)).toBe(100_000);
    expect(groupDebtOf(-100_000, 50_000)).toBe(0);
    expect(groupDebtOf(250_000, -700_000)).toBe(0);
  });
});

describe('debtLessonCount (spec §3 "debt lesson count")', () => {
  it('rounds up: part of a lesson owed is a lesson owed', () => {
    expect(debtLessonCount(100_000, 50_000)).toBe(2);
    expect(debtLessonCount(100_001, 50_000)).toBe(3);
    expect(debtLessonCount(1, 46_154)).toBe(1);
    expect(debtLessonCount(600_000, 46_154)).toBe(13);
  });

  it('is 0 without a debt and unknown when a lesson costs nothing', () => {
    expect(debtLessonCount(0, 50_000)).toBe(0);
    expect(debtLessonCount(-5, 50_000)).toBe(0);
    expect(debtLessonCount(100_000, null)).toBeNull();
    expect(debtLessonCount(100_000, 0)).toBeNull();
  });
});

describe('the debtors schemas', () => {
  it('knows the two lists of the path and no other', () => {
    expect(debtorsParamsSchema.parse({ list: 'not-enough', branch_id: '3' })).toEqual({
      list: 'not-enough',
      branch_id: 3,
    });
    expect(debtorsParamsSchema.safeParse({ list: 'all', branch_id: 3 }).success).toBe(false);
  });

  it('refuses an export period that ends before it starts, naming date_start', () => {
    const bad = debtorsExportQuerySchema.safeParse({ date_start: '2026-12-01', date_end: '2026-11-30' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['date_start']);
    expect(debtorsExportQuerySchema.parse({ date_end: '2026-11-30', lang: 'ru' })).toEqual({
      date_end: '2026-11-30',
      lang: 'ru',
    });
  });
});
