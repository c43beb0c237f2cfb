import { type CompanyType, DEFAULT_LANGUAGE, LANGUAGES, type Language, normalizeLanguage } from '@crm/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from '../shared/session/session-store';
import { messagesFor } from './messages';

const LANGUAGE_KEY = 'lang';

let companyType: CompanyType = getSession().company?.datas.company_type ?? 'training_center';

const resourcesFor = (type: CompanyType) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, { translation: messagesFor(language, type) }]));

export const hasStoredLanguage = (): boolean => localStorage.getItem(LANGUAGE_KEY) !== null;

const initialLanguage = normalizeLanguage(localStorage.getItem(LANGUAGE_KEY));
document.documentElement.lang = initialLanguage;

void i18n.use(initReactI18next).init({
  resources: resourcesFor(companyType),
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  // Re-render translated components when the kindergarten overlay swaps the messages.
  react: { bindI18nStore: 'added' },
});

export const currentLanguage = (): Language => normalizeLanguage(i18n.language);

/** Shows the interface in a language; `remember` keeps the choice for the next visit. */
export function changeLanguage(language: Language, remember = true): void {
  if (remember) localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export function setCompanyType(type: CompanyType): void {
  if (type === companyType) return;
  companyType = type;
  for (const [language, bundle] of Object.entries(resourcesFor(type))) {
    // Not deep: each top-level section is replaced whole, so switching back drops the overlay.
    i18n.addResourceBundle(language, 'translation', bundle.translation, false, true);
  }
}

export { i18n };
