import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateOfDayNumber, daysBetween, toDayNumber, zonedDateTime } from './dates.js';

/** What JavaScript's own calendar says, for comparison. */
const byDate = {
  dayNumber: (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000,
  date: (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10),
};

describe('day numbers', () => {
  it('agree with the Date calendar on every day from 1900 to 2200, leap days and century years included', () => {
    const first = byDate.dayNumber('1900-01-01');
    const last = byDate.dayNumber('2200-12-31');
    for (let day = first; day <= last; day++) {
      const date = byDate.date(day);
      if (dateOfDayNumber(day) !== date) expect(dateOfDayNumber(day)).toBe(date);
      if (toDayNumber(date) !== day) expect(toDayNumber(date), date).toBe(day);
    }
  });

  it('count from 1970-01-01 and roll over month and year ends', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(dateOfDayNumber(-1)).toBe('1969-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2025-11-21', '2026-11-21')).toBe(365);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});

describe('zonedDateTime', () => {
  it('reads the day and time of an instant in each zone asked, one after another', () => {
    const at = new Date('2026-11-20T20:30:00Z');
    expect(zonedDateTime(at, 'Asia/Tashkent')).toEqual({ date: '2026-11-21', time: '01:30' });
    expect(zonedDateTime(at, 'Asia/Jakarta')).toEqual({ date: '2026-11-21', time: '03:30' });
    expect(zonedDateTime(at, 'Asia/Tashkent')).toEqual({ date: '2026-11-21', time: '01:30' });
    expect(zonedDateTime(at, 'Europe/Moscow')).toEqual({ date: '2026-11-20', time: '23:30' });
  });
});
