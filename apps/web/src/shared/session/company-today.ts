import { companyDay, localDate } from '@crm/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { getSession } from './session-store';

/**
 * Today (`YYYY-MM-DD`) in the signed-in company's time zone, the day the server books and
 * charges by. A form proposes it rather than the browser's day, which differs near midnight
 * when the browser is elsewhere (or on a machine kept on UTC).
 */
export function companyToday(at: Date = new Date()): string {
  const { company } = getSession();
  return company ? companyDay(company.datas, at) : localDate(at);
}

/** The company's today as a dayjs value, for date pickers' defaults. */
export const companyTodayDayjs = (): Dayjs => dayjs(companyToday());
