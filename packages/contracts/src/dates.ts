import { z } from 'zod';

/**
 * Calendar dates (`YYYY-MM-DD`) and times of day (`HH:MM`) as plain strings: what
 * the API carries and the database stores, so no time zone can shift a lesson day.
 */

/** `HH:MM`, 00:00 … 23:59. */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function toDayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export const dateOfDayNumber = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** `date` plus a number of days (negative: earlier). */
export const addDays = (date: string, days: number): string => dateOfDayNumber(toDayNumber(date) + days);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => toDayNumber(to) - toDayNumber(from);

/** The `YYYY-MM-DD` of a Date in local time (the server's or the browser's "today"). */
export const localDate = (at: Date = new Date()): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** `date` plus a number of calendar months, clamped to the month's last day (Jan 31 + 1 = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Minutes since midnight of `HH:MM` (seconds, if a database gave them, are ignored). */
export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** `HH:MM` of minutes since midnight. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The calendar day and time of day (`HH:MM`) of an instant in an IANA time zone. */
export function zonedDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
