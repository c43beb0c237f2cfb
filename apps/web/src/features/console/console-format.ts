import dayjs from 'dayjs';

/** `2025-03-01` → `01.03.2025`, as the rest of the app writes dates. */
export const dateText = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** An instant in the browser's time: `01.03.2025 14:05`. */
export const dateTimeText = (iso: string): string => dayjs(iso).format('DD.MM.YYYY HH:mm');

/** Days left at which a licence is shown as ending soon. */
export const LICENCE_WARN_DAYS = 14;

export const licenceColour = (daysLeft: number): string =>
  daysLeft < 0 ? 'red' : daysLeft <= LICENCE_WARN_DAYS ? 'orange' : 'green';
