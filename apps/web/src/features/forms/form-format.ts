import type { AnswerValue } from '@crm/contracts';
import dayjs from 'dayjs';

/** A moment as the lists show it. */
export const dateTime = (value: string | null) => (value ? dayjs(value).format('DD.MM.YYYY HH:mm') : '—');

/** An answer in a table cell: ticked options joined, a number as it is, nothing as a dash. */
export const answerText = (value: AnswerValue | undefined) =>
  value === undefined || value === '' ? '—' : Array.isArray(value) ? value.join(', ') : String(value);

/** A share of a whole in whole percents (0 of 0 is 0 %). */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : 0);
