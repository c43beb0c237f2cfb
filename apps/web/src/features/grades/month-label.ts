import { dayjs } from '../groups/dates';

/** "Noy 2026" for `2026-11`, capitalised (dayjs writes some months in lower case). */
export function monthLabel(month: string): string {
  const text = dayjs(`${month}-01`).format('MMM YYYY');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
