import { dateOfDayNumber, toDayNumber } from '@crm/contracts';

/**
 * The knobs and the calendar of the bench dataset. Everything is fixed or derived from
 * BENCH_SEED and BENCH_SCALE, so two runs with the same values load the same rows (ids
 * and lead uuids aside) and ask the same questions.
 */

function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export const SEED = Math.round(positiveNumber('BENCH_SEED', 1));
/** 1 is the dataset (30,000 students …); 0.02 is a two-minute development run. */
export const SCALE = positiveNumber('BENCH_SCALE', 1);

/** A full-size count at this run's scale, never below `min`. */
export const scaled = (full: number, min = 1) => Math.max(min, Math.round(full * SCALE));

/**
 * The dataset's today, fixed rather than the wall clock's: the app under test gets a clock
 * at this day's evening (after every lesson of the day has started), so whichever day the
 * bench runs on, the calendar, the month of the reports and the lessons of "today" are the same.
 */
export const TODAY = '2026-11-20';
export const CLOCK = new Date(`${TODAY}T20:30:00+05:00`);
/** Two years of history. */
export const HISTORY_DAYS = 730;
export const HISTORY_START = dateOfDayNumber(toDayNumber(TODAY) - HISTORY_DAYS);
export const YESTERDAY = dateOfDayNumber(toDayNumber(TODAY) - 1);
/** The last whole month: the attendance grid, the branch report and the payments page read it. */
export const LAST_MONTH = { from: '2026-10-01', till: '2026-10-31' } as const;
export const THIS_MONTH_START = '2026-11-01';

/** Noon of a day in the company's zone (Tashkent), as the billing bench always ran its days. */
export const noonOf = (date: string) => new Date(`${date}T12:00:00+05:00`);

/**
 * Phone ranges by kind of person (9 digits, as the company country uz expects), apart from
 * each other and from the role users' 9000000NN.
 */
export const PHONES = {
  teachers: 901_000_000,
  students: 910_000_000,
  leads: 930_000_000,
  small: 950_000_000,
  smallLeads: 960_000_000,
  billing: 940_000_000,
  imported: 970_000_000,
  parents: 980_000_000,
} as const;
