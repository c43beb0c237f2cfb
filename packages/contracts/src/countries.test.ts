import { describe, expect, it } from 'vitest';
import { countryRules, formatPhone, normalizePhone, phoneDigitCount } from './countries.js';
import { normalizeLanguage } from './locale.js';

describe('phones (spec §5, §9)', () => {
  it.each([
    ['uz', '901234567', '90 123 45 67', 9],
    ['tj', '901234567', '90 123 45 67', 9],
    ['kz', '7011234567', '701 123 45 67', 10],
    ['kg', '700123456', '700 123 45 6', 9],
    ['pt', '912345678', '91 234 56 78', 9],
    ['id', '812345678901', '8123 4567 8901', 12],
  ])('%s formats %s as %s', (country, digits, masked, count) => {
    expect(formatPhone(digits, country)).toBe(masked);
    expect(phoneDigitCount(country)).toBe(count);
  });

  it('falls back to uz for an unknown country', () => {
    expect(countryRules('xx')).toEqual(countryRules('uz'));
    expect(formatPhone('901234567', undefined)).toBe('90 123 45 67');
  });

  it('strips a typed country prefix', () => {
    expect(normalizePhone('+998 90 123 45 67', 'uz')).toBe('901234567');
    expect(normalizePhone('90-123-45-67', 'uz')).toBe('901234567');
    expect(normalizePhone('+7 701 123 45 67', 'kz')).toBe('7011234567');
    // A national number that merely starts like the prefix is kept whole.
    expect(normalizePhone('998123456', 'uz')).toBe('998123456');
  });

  it('knows each country currency', () => {
    expect(['uz', 'tj', 'kz', 'id', 'kg', 'pt', 'ru'].map((c) => countryRules(c).currency)).toEqual([
      'UZS',
      'TJS',
      'KZT',
      'IDR',
      'KGS',
      'EUR',
      'RUB',
    ]);
  });
});

describe('languages', () => {
  it('defaults to uz and maps tj to ru', () => {
    expect(normalizeLanguage(undefined)).toBe('uz');
    expect(normalizeLanguage('tj')).toBe('ru');
    expect(normalizeLanguage('id')).toBe('id');
    expect(normalizeLanguage('de')).toBe('uz');
  });
});
