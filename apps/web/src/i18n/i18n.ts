import { type CompanyType, DEFAULT_LANGUAGE, LANGUAGES, type Language, normalizeLanguage } from '@crm/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from '../shared/session/session-store';
import { isLoaded, loadMessages, messagesFor } from './messages';

const LANGUAGE_KEY = 'lang';

let companyType: CompanyType = getSession().company?.datas.company_type ?? 'training_center';

/** Hands i18next the wording of a loaded language for the company's type. */
const addLanguage = (language: Language) =>
  i18n.addResourceBundle(language, 'translation', messagesFor(language, companyType), false, true);

export const hasStoredLanguage = (): boolean => localStorage.getItem(LANGUAGE_KEY) !== null;

const initialLanguage = normalizeLanguage(localStorage.getItem(LANGUAGE_KEY));
document.documentElement.lang = initialLanguage;

/**
 * Resolves when the first language's wording is loaded and i18next is ready: main.tsx renders after
 * it. Every language has every key (messages.test.ts), so no fallback language is loaded beside it.
 */
export const i18nReady: Promise<void> = loadMessages(initialLanguage).then(async () => {
  await i18n.use(initReactI18next).init({
    resources: { [initialLanguage]: { translation: messagesFor(initialLanguage, companyType) } },
    lng: initialLanguage,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    // Re-render translated components when the kindergarten overlay swaps the messages.
    react: { bindI18nStore: 'added' },
  });
});

/** Loads languages ahead of use (tests switch languages synchronously after it). */
export async function preloadLanguages(languages: readonly Language[]): Promise<void> {
  await i18nReady;
  await Promise.all(languages.map(loadMessages));
  for (const language of languages) addLanguage(language);
}

export const currentLanguage = (): Language => normalizeLanguage(i18n.language);

/** Shows the interface in a language; `remember` keeps the choice for the next visit. */
export function changeLanguage(language: Language, remember = true): Promise<void> {
  if (remember) localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  const show = () => {
    if (!i18n.hasResourceBundle(language, 'translation')) addLanguage(language);
    void i18n.changeLanguage(language);
  };
  // A loaded language switches at once (in the same render); another one after its chunk arrives.
  if (isLoaded(language)) {
    show();
    return Promise.resolve();
  }
  return loadMessages(language).then(show);
}

export function setCompanyType(type: CompanyType): void {
  if (type === companyType) return;
  companyType = type;
  // Not deep: each top-level section is replaced whole, so switching back drops the overlay.
  for (const language of LANGUAGES) if (isLoaded(language)) addLanguage(language);
}

export { i18n };
