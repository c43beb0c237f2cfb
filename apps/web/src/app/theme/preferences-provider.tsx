import type { Theme } from '@crm/contracts';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { loadLocale } from '../../i18n/locale-loaders';
import { storedTheme, storeTheme, themeConfig } from './theme-config';

interface ThemeChoice {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeChoice>({ theme: storedTheme(), setTheme: () => {} });

export const useThemeChoice = (): ThemeChoice => useContext(ThemeContext);

/** antd's theme and locale, following the chosen theme and language. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  useTranslation(); // re-renders on a language change
  const language = currentLanguage();
  const [theme, setThemeState] = useState(storedTheme);
  const [locale, setLocale] = useState<Locale>();

  useEffect(() => {
    let current = true;
    void loadLocale(language).then((loaded) => current && setLocale(loaded));
    return () => {
      current = false;
    };
  }, [language]);

  const choice = useMemo<ThemeChoice>(
    () => ({
      theme,
      setTheme: (next) => {
        storeTheme(next);
        setThemeState(next);
      },
    }),
    [theme],
  );

  return (
    <ThemeContext.Provider value={choice}>
      <ConfigProvider locale={locale} theme={themeConfig(theme)}>
        {children}
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
