import { LANGUAGES, type Language } from '@crm/contracts';

/**
 * The words of a spreadsheet the server writes (an export is read outside the app, in the language asked
 * for). Written one line a word with its four translations side by side, so no language can miss a word
 * and a translator reads each word once; used as the words of one language.
 */

/** A word in the four languages, in the order of contracts LANGUAGES. */
export type Translations = readonly [uz: string, ru: string, en: string, id: string];

/** A table of words (one line a word) as each language's words. */
export function wordsByLanguage<Key extends string>(
  table: Record<Key, Translations>,
): Record<Language, Record<Key, string>> {
  const entries = Object.entries(table) as [Key, Translations][];
  return Object.fromEntries(
    LANGUAGES.map((language, index) => [
      language,
      Object.fromEntries(entries.map(([key, translations]) => [key, translations[index]])),
    ]),
  ) as Record<Language, Record<Key, string>>;
}

/** One value for each language, made from that language's words. */
export const inEachLanguage = <Value>(make: (language: Language) => Value): Record<Language, Value> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Record<Language, Value>;
