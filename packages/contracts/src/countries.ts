import type { Language } from './locale.js';

/** Spec §9: countries, currencies and phone prefixes; §5: phone masks. */
export const COUNTRIES = ['uz', 'tj', 'kz', 'id', 'kg', 'pt', 'ru'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'uz';

interface CountryRules {
  currency: string;
  /** Null where the spec names none (ru). */
  phonePrefix: string | null;
  /** '#' is a digit. A country without a mask of its own uses uz's (spec §5). */
  phoneMask: string;
  /** Digits of the national number (spec §5); where the spec's count and mask disagree, see docs/decisions/0004. */
  phoneDigits: number;
  /** The IANA time zone a company of the country keeps its lesson times in, unless it names its own. */
  timeZone: string;
  /** The interface language a new centre of the country starts with (spec §1: tj and the neighbours read ru). */
  language: Language;
}

const UZ_MASK = '## ### ## ##';

export const COUNTRY_RULES: Record<Country, CountryRules> = {
  uz: {
    currency: 'UZS',
    phonePrefix: '+998',
    phoneMask: UZ_MASK,
    phoneDigits: 9,
    timeZone: 'Asia/Tashkent',
    language: 'uz',
  },
  tj: {
    currency: 'TJS',
    phonePrefix: '+992',
    phoneMask: UZ_MASK,
    phoneDigits: 9,
    timeZone: 'Asia/Dushanbe',
    language: 'ru',
  },
  kz: {
    currency: 'KZT',
    phonePrefix: '+7',
    phoneMask: '### ### ## ##',
    phoneDigits: 10,
    timeZone: 'Asia/Almaty',
    language: 'ru',
  },
  // Spec §5 says 14 digits for id but its mask holds 12: 14 is the masked string
  // with its two spaces, so the count follows the mask (docs/decisions/0004).
  id: {
    currency: 'IDR',
    phonePrefix: '+62',
    phoneMask: '#### #### ####',
    phoneDigits: 12,
    timeZone: 'Asia/Jakarta',
    language: 'id',
  },
  // Spec §5: the kg mask has ten places but the count is 9 (a Kyrgyz national number has 9).
  kg: {
    currency: 'KGS',
    phonePrefix: '+996',
    phoneMask: '### ### ## ##',
    phoneDigits: 9,
    timeZone: 'Asia/Bishkek',
    language: 'ru',
  },
  pt: {
    currency: 'EUR',
    phonePrefix: '+351',
    phoneMask: '## ### ## ##',
    phoneDigits: 9,
    timeZone: 'Europe/Lisbon',
    language: 'en',
  },
  ru: {
    currency: 'RUB',
    phonePrefix: null,
    phoneMask: UZ_MASK,
    phoneDigits: 9,
    timeZone: 'Europe/Moscow',
    language: 'ru',
  },
};

export const isCountry = (value: unknown): value is Country =>
  typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);

export const countryRules = (country: string | null | undefined): CountryRules =>
  COUNTRY_RULES[isCountry(country) ? country : DEFAULT_COUNTRY];

export const phoneDigitCount = (country: string | null | undefined): number => countryRules(country).phoneDigits;

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** Formats the national part of a phone number with the country's mask. */
export function formatPhone(value: string, country: string | null | undefined): string {
  const digits = onlyDigits(value);
  let i = 0;
  let out = '';
  for (const ch of countryRules(country).phoneMask) {
    if (i >= digits.length) break;
    out += ch === '#' ? digits[i++] : ch;
  }
  return out + digits.slice(i);
}

/**
 * The national number as stored: digits only, without the country prefix when
 * one was typed (`+998 90 000 00 01` and `900000001` are the same phone).
 */
export function normalizePhone(value: string, country: string | null | undefined): string {
  const digits = onlyDigits(value);
  const prefix = onlyDigits(countryRules(country).phonePrefix ?? '');
  const expected = phoneDigitCount(country);
  if (prefix && digits.length === prefix.length + expected && digits.startsWith(prefix))
    return digits.slice(prefix.length);
  return digits;
}
