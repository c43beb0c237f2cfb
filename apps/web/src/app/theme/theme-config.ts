import { DEFAULT_THEME, isTheme, type Theme, type ThemeColor, type ThemeMode } from '@crm/contracts';
import { theme as antdTheme, type ThemeConfig } from 'antd';

// Darker shades than antd's defaults where white button text needs the contrast.
export const THEME_PRIMARY: Record<ThemeColor, string> = {
  blue: '#1677ff',
  green: '#389e0d',
  orange: '#d46b08',
  purple: '#722ed1',
  red: '#cf1322',
};

export const splitTheme = (theme: Theme) => theme.split('.') as [ThemeMode, ThemeColor];

export function themeConfig(theme: Theme): ThemeConfig {
  const [mode, color] = splitTheme(theme);
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: THEME_PRIMARY[color] },
  };
}

const THEME_KEY = 'theme';

export const storedTheme = (): Theme => {
  const value = localStorage.getItem(THEME_KEY);
  return isTheme(value) ? value : DEFAULT_THEME;
};

export const storeTheme = (theme: Theme): void => localStorage.setItem(THEME_KEY, theme);
