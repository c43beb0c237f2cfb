import { describe, expect, it } from 'vitest';
import { companyDay, companyTimeZone } from './company.js';

describe("the company's day", () => {
  const evening = new Date('2026-11-21T19:30:00Z');

  it("is its country's day when it has no zone of its own: Tashkent is past midnight at 19:30 UTC", () => {
    expect(companyTimeZone({ country: 'uz', time_zone: null })).toBe('Asia/Tashkent');
    expect(companyDay({ country: 'uz' }, evening)).toBe('2026-11-22');
    expect(companyDay({ country: 'uz' }, new Date('2026-11-21T18:59:00Z'))).toBe('2026-11-21');
  });

  it('follows its own time zone over its country', () => {
    expect(companyDay({ country: 'uz', time_zone: 'Europe/Lisbon' }, evening)).toBe('2026-11-21');
    expect(companyDay({ country: 'pt', time_zone: 'Asia/Jakarta' }, evening)).toBe('2026-11-22');
  });
});
