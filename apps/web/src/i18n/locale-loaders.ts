import type { Language } from '@crm/contracts';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

interface LocaleLoader {
  antd: () => Promise<{ default: Locale }>;
  dayjsName: string;
  dayjs: () => Promise<unknown>;
}

// Loaded on demand so the log-in page carries one language's calendars, not four.
const LOADERS: Record<Language, LocaleLoader> = {
  uz: { antd: () => import('antd/es/locale/uz_UZ'), dayjsName: 'uz-latn', dayjs: () => import('dayjs/locale/uz-latn') },
  ru: { antd: () => import('antd/es/locale/ru_RU'), dayjsName: 'ru', dayjs: () => import('dayjs/locale/ru') },
  en: { antd: () => import('antd/es/locale/en_US'), dayjsName: 'en', dayjs: () => Promise.resolve() },
  id: { antd: () => import('antd/es/locale/id_ID'), dayjsName: 'id', dayjs: () => import('dayjs/locale/id') },
};

/** Loads antd's and dayjs's locale of a language and makes dayjs use it. */
export async function loadLocale(language: Language): Promise<Locale> {
  const loader = LOADERS[language];
  const [antd] = await Promise.all([loader.antd(), loader.dayjs()]);
  dayjs.locale(loader.dayjsName);
  return antd.default;
}
