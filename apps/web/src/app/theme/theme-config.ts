import { DEFAULT_THEME, isTheme, type Theme, type ThemeColor, type ThemeMode } from '@crm/contracts';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { firstReadable } from './contrast';

/**
 * Each colour's solid shade: white button text and the selected menu item read on it (WCAG AA
 * 4.5:1, proved by theme-contrast.test.ts). antd's own 6th shades (orange #d46b08, green #389e0d, blue
 * #1677ff) reach only 3.5–4.1.
 */
export const THEME_PRIMARY: Record<ThemeColor, string> = {
  blue: '#0958d9',
  green: '#237804',
  orange: '#ad4e00',
  purple: '#722ed1',
  red: '#cf1322',
};

/**
 * The dark themes keep the brighter seeds they had: antd darkens the seed there, and a darker one would
 * leave primary text on the dark page even fainter. (Their contrast is not checked yet.)
 */
const DARK_SEED: Record<ThemeColor, string> = {
  blue: '#1677ff',
  green: '#389e0d',
  orange: '#d46b08',
  purple: '#722ed1',
  red: '#cf1322',
};

/**
 * The light tints behind selected items, from antd's palette of the colour (shades 1–4). antd would derive
 * them from the darker solid shade above, which turns green and orange tints grey.
 */
const PRIMARY_TINTS: Record<ThemeColor, [bg: string, bgHover: string, border: string, borderHover: string]> = {
  blue: ['#e6f4ff', '#bae0ff', '#91caff', '#69b1ff'],
  green: ['#f6ffed', '#d9f7be', '#b7eb8f', '#95de64'],
  orange: ['#fff7e6', '#ffe7ba', '#ffd591', '#ffc069'],
  purple: ['#f9f0ff', '#efdbff', '#d3adf7', '#b37feb'],
  red: ['#fff1f0', '#ffccc7', '#ffa39e', '#ff7875'],
};

/** antd's tag colours (its PresetColors, not exported from the package root). */
const TAG_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

// antd's light tokens by name ("green7", "colorSuccessBg"), to pick readable shades from.
const lightTokens = antdTheme.getDesignToken() as unknown as Record<string, string>;
const shadesOf = (color: string) => [7, 8, 9, 10].map((shade) => lightTokens[`${color}${shade}`] as string);

/**
 * Status text (Typography success / warning / danger, status tags) in the first shade of its palette
 * that reads on the status tint, which is darker than white: antd writes #52c41a, #faad14 and #ff4d4f
 * (1.8–3.2:1). Icons, progress bars and badges keep antd's brighter colours.
 */
const STATUS_PALETTES = { Success: 'green', Warning: 'gold', Error: 'red', Info: 'blue' } as const;
const STATUS_TEXT = Object.fromEntries(
  Object.entries(STATUS_PALETTES).map(([status, palette]) => [
    status,
    firstReadable(shadesOf(palette), lightTokens[`color${status}Bg`] as string),
  ]),
) as Record<keyof typeof STATUS_PALETTES, string>;

/**
 * A tag writes its colour's 7th shade on its 1st (a status tag: the status colour on its tint), which
 * is 2–3.4:1 for green, orange, gold, cyan, lime and yellow: on the light themes each takes the first
 * darker shade that reads. Only in tags: elsewhere these colours are not text.
 */
const LIGHT_TAG_TOKENS: Record<string, string> = {
  ...Object.fromEntries(
    TAG_COLORS.map((color) => [`${color}7`, firstReadable(shadesOf(color), lightTokens[`${color}1`] as string)]),
  ),
  ...Object.fromEntries(Object.entries(STATUS_TEXT).map(([status, color]) => [`color${status}`, color])),
};

export const splitTheme = (theme: Theme) => theme.split('.') as [ThemeMode, ThemeColor];

/**
 * antd's components are styled by its prebuilt stylesheet (imported in main.tsx), written in CSS variables:
 * the theme sets only the variables at run time. Generating every component's styles in the browser, antd's
 * default, was ≈40 % of the main thread's long tasks on a page's first render (issue 18). antd reads the
 * flag once, on its first render, so every theme must carry it.
 */
const ZERO_RUNTIME = { zeroRuntime: true } as const;

export function themeConfig(theme: Theme): ThemeConfig {
  const [mode, color] = splitTheme(theme);
  if (mode === 'dark')
    return { ...ZERO_RUNTIME, algorithm: antdTheme.darkAlgorithm, token: { colorPrimary: DARK_SEED[color] } };
  const [bg, bgHover, border, borderHover] = PRIMARY_TINTS[color];
  return {
    ...ZERO_RUNTIME,
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: THEME_PRIMARY[color],
      colorPrimaryBg: bg,
      colorPrimaryBgHover: bgHover,
      colorPrimaryBorder: border,
      colorPrimaryBorderHover: borderHover,
      // Links stay antd's blue whatever the theme (a red link would read as a debt), one shade darker.
      colorLink: THEME_PRIMARY.blue,
      // Secondary text (captions, breadcrumbs, totals) and placeholders, which several filters show as
      // their only label: antd's 45 % and 25 % black read at 3.4:1 and 1.8:1, 60 % and 56 % at ≥ 4.5:1
      // on white and on the grey page background.
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      // Form errors and danger buttons (white text) are written in colorError itself.
      colorError: STATUS_TEXT.Error,
      colorSuccessText: STATUS_TEXT.Success,
      colorWarningText: STATUS_TEXT.Warning,
      colorErrorText: STATUS_TEXT.Error,
      colorInfoText: STATUS_TEXT.Info,
    },
    components: { Tag: LIGHT_TAG_TOKENS },
  };
}

const THEME_KEY = 'theme';

export const storedTheme = (): Theme => {
  const value = localStorage.getItem(THEME_KEY);
  return isTheme(value) ? value : DEFAULT_THEME;
};

export const storeTheme = (theme: Theme): void => localStorage.setItem(THEME_KEY, theme);
