import { normalizePhone, onlyDigits, type PhoneMatch, phoneDigitCount, userTypesOf } from '@crm/contracts';
import { phoneText } from '../../shared/format/phone';
import { PEOPLE_KINDS } from '../users/people-kinds';
import type { PhoneSearchItem } from './telephony-api';

/**
 * The number a call goes to: a national number (the country's digit count, as people's and leads' phones are
 * stored) gets the telephony's calling code (GET /voip/me country_code, spec §3 onlinepbx_country_code); anything
 * else — a full international number from the call log, a short extension — is dialled as it is.
 */
export function dialNumber(phone: string, callingCode: string, country: string): string {
  const digits = onlyDigits(phone);
  return digits.length === phoneDigitCount(country) ? `${onlyDigits(callingCode)}${digits}` : digits;
}

/** Spec §5 call modal: the phone has at least the country's minimum of digits. */
export const isLongEnough = (phone: string, country: string): boolean =>
  normalizePhone(phone, country).length >= phoneDigitCount(country);

/** Where a call log's match opens (spec §2): a lead's board, or the person's profile /{role}s/profile/{id}. */
export const matchPath = (match: PhoneMatch): string =>
  match.role === 'lead' ? '/leads' : PEOPLE_KINDS[match.role].profilePath(match.id);

/** Where a phone search result opens: the profile of the kind his (first) role makes him. */
export const searchItemPath = (item: PhoneSearchItem): string =>
  PEOPLE_KINDS[userTypesOf([item.role])[0] ?? 'staff'].profilePath(item.id);

/** The leads page's new-lead form with the caller's number (leads-page.tsx reads `new_lead`). */
export const newLeadPath = (number: string, country: string): string =>
  `/leads?new_lead=${encodeURIComponent(normalizePhone(number, country))}`;

/** A number as people read it: one of the country (with or without its prefix) masked, any other as it came. */
export function readableNumber(phone: string, country: string): string {
  const national = normalizePhone(phone, country);
  return national.length === phoneDigitCount(country) ? phoneText(national, country) : phone;
}
