/**
 * The IANA time zones this browser knows, each with its UTC offset now
 * ("Asia/Tashkent" → "UTC+05:00"), ordered by offset then name, for the settings'
 * time zone picker.
 */
export interface TimeZoneOption {
  zone: string;
  offset: string;
  /** Minutes east of UTC, for ordering. */
  minutes: number;
}

/** `UTC+05:00` of a zone at an instant (`UTC` alone is `UTC+00:00`). */
export function utcOffset(zone: string, at: Date = new Date()): { text: string; minutes: number } {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return { text: 'UTC+00:00', minutes: 0 };
  const [, sign, hours, minutes] = match;
  const total = (Number(hours) * 60 + Number(minutes)) * (sign === '-' ? -1 : 1);
  return { text: `UTC${sign}${hours}:${minutes}`, minutes: total };
}

/** Every zone of the browser, plus `extra` (a stored zone the browser names differently). */
export function timeZoneOptions(extra: readonly string[] = [], at: Date = new Date()): TimeZoneOption[] {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), ...extra]);
  return [...zones]
    .map((zone) => {
      const offset = utcOffset(zone, at);
      return { zone, offset: offset.text, minutes: offset.minutes };
    })
    .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone));
}
