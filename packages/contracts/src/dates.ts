import { z } from 'zod';

/**
 * Calendar dates (`YYYY-MM-DD`) and times of day (`HH:MM`) as plain strings: what
 * the API carries and the database stores, so no time zone can shift a lesson day.
 */

/** `HH:MM`, 00:00 … 23:59. */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/*
 * Day numbers by the proleptic Gregorian calendar's arithmetic (400-year eras of 146,097 days, years counted
 * from March so the leap day ends a year), without building a Date: the lesson calendar and the billing
 * engine convert dates for every day of every group they price, and a Date and its ISO string for each
 * were the largest share of a debtors list's server time (docs/performance.md).
 */

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function toDayNumber(date: string): number {
  const month = Number(date.slice(5, 7));
  const year = Number(date.slice(0, 4)) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + Number(date.slice(8, 10)) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function dateOfDayNumber(day: number): string {
  const shifted = day + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(dayOfMonth)}`;
}

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

/** `DD.MM.YYYY` of a `YYYY-MM-DD`: how a date reads in a message or on paper. */
export const dottedDate = (date: string): string => date.split('-').reverse().join('.');

/** Minutes since midnight of `HH:MM` (seconds, if a database gave them, are ignored). */
export const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** `HH:MM` of minutes since midnight. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day and time of day (`HH:MM`) of an instant in an IANA time zone. */
export function zonedDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
