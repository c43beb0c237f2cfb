import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Times arrive as `HH:mm`; dayjs reads them only with this plugin.
dayjs.extend(customParseFormat);

export { type Dayjs, dayjs };

/** A `YYYY-MM-DD` day as people read it here: 05.09.2025. */
export const dateText = (date: string | null | undefined): string => (date ? dayjs(date).format('DD.MM.YYYY') : '—');
