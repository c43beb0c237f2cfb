/**
 * How long an SMS is and how many parts it costs (issue 15): what the web's live preview shows and what
 * the server bills against the limit — one function, so they never disagree.
 *
 * GSM-7 (the default alphabet) fits 160 characters in one SMS and 153 in each part of a longer one; the
 * extension characters (`{ } [ ] ~ \ | ^ €` and form feed) take two. Any other character makes the whole
 * text UCS-2: 70 in one, 67 a part. Cyrillic is UCS-2, and so is Uzbek Latin written with its proper
 * letters ʻ (U+02BB) and ʼ (U+02BC) — one such apostrophe doubles a message's price, which is why the
 * preview offers to replace them with the plain ' that GSM-7 has.
 */

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export type SmsAlphabet = 'gsm7' | 'ucs2';

export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const satisfies Record<SmsAlphabet, { single: number; part: number }>;

/** Apostrophes and quotes that look like GSM-7's ' and " but are not in it (Uzbek Latin's ʻ ʼ first). */
const TYPOGRAPHIC: Record<string, string> = {
  ʻ: "'",
  ʼ: "'",
  '‘': "'",
  '’': "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
};

export interface SmsTextInfo {
  alphabet: SmsAlphabet;
  /** Length as the operator counts it: GSM-7 extension characters count twice; UCS-2 counts UTF-16 units. */
  length: number;
  parts: number;
  /** Characters one part holds for this text (160/153 or 70/67). */
  perPart: number;
  /** Characters left before the next part starts. */
  leftInPart: number;
  /** The characters that made a text UCS-2 (distinct, in order of appearance); empty for GSM-7. */
  nonGsmCharacters: string[];
  /** True when replacing typographic apostrophes and quotes would make the text GSM-7. */
  gsmAfterReplacing: boolean;
}

function nonGsm(text: string): string[] {
  const found = new Set<string>();
  for (const char of text) if (!basic.has(char) && !extension.has(char)) found.add(char);
  return [...found];
}

/** Replaces the typographic apostrophes and quotes by their GSM-7 look-alikes (o‘ → o'). */
export const replaceTypographicApostrophes = (text: string): string =>
  text.replace(/[ʻʼ‘’`´“”«»]/g, (char) => TYPOGRAPHIC[char] ?? char);

export function analyzeSmsText(text: string): SmsTextInfo {
  const offending = nonGsm(text);
  const alphabet: SmsAlphabet = offending.length ? 'ucs2' : 'gsm7';
  let length = 0;
  if (alphabet === 'gsm7') for (const char of text) length += extension.has(char) ? 2 : 1;
  else length = text.length;
  const limits = SMS_LIMITS[alphabet];
  const parts = length === 0 ? 0 : length <= limits.single ? 1 : Math.ceil(length / limits.part);
  const perPart = parts > 1 ? limits.part : limits.single;
  const leftInPart = parts === 0 ? limits.single : parts * perPart - length;
  return {
    alphabet,
    length,
    parts,
    perPart,
    leftInPart,
    nonGsmCharacters: offending,
    gsmAfterReplacing: alphabet === 'ucs2' && nonGsm(replaceTypographicApostrophes(text)).length === 0,
  };
}

/** Spec §3 template variables: `{student_name}` in a text is replaced by the recipient's value. */
export const SMS_VARIABLES = [
  'student_name',
  'parent_name',
  'balance',
  'debt',
  'group',
  'course',
  'next_lesson_date',
  'payment_amount',
  'company_name',
  'branch_phone',
] as const;
export type SmsVariable = (typeof SMS_VARIABLES)[number];
export type SmsVariableValues = Partial<Record<SmsVariable, string>>;

const VARIABLE = /\{([a-z_]+)\}/g;

/** The variables a text uses that are not ours (a typo such as `{studnet_name}`), for the form to refuse. */
export const unknownSmsVariables = (text: string): string[] =>
  [...text.matchAll(VARIABLE)]
    .map((match) => match[1] as string)
    .filter((name) => !(SMS_VARIABLES as readonly string[]).includes(name));

/** The text with each known variable replaced by its value ('' when the recipient has none). */
export const renderSmsText = (text: string, values: SmsVariableValues): string =>
  text.replace(VARIABLE, (whole, name: string) =>
    (SMS_VARIABLES as readonly string[]).includes(name) ? (values[name as SmsVariable] ?? '') : whole,
  );
