/** Spec §1 and §9: interface languages, default uz; a stored tj maps to ru. */
export const LANGUAGES = ['uz', 'ru', 'en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uz';

export function normalizeLanguage(value: string | null | undefined): Language {
  if (value === 'tj') return 'ru';
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** Spec §9: ten themes, dark and light in five colours; default light.orange. */
export const THEME_COLORS = ['blue', 'green', 'orange', 'purple', 'red'] as const;
export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export type ThemeMode = (typeof THEME_MODES)[number];
export type Theme = `${ThemeMode}.${ThemeColor}`;
export const THEMES = THEME_MODES.flatMap((m) => THEME_COLORS.map((c) => `${m}.${c}` as Theme));
export const DEFAULT_THEME: Theme = 'light.orange';

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as string[]).includes(value);

/** Spec §9 breakpoints. */
export const BREAKPOINTS = { desktop: 1440, tablet: 768 } as const;
