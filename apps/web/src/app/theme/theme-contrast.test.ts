import { THEMES } from '@crm/contracts';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from './contrast';
import { splitTheme, themeConfig } from './theme-config';

const TAG_COLORS = [
  ...['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red'],
  ...['orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'],
];
const LIGHT_THEMES = THEMES.filter((theme) => splitTheme(theme)[0] === 'light');

describe('contrastRatio', () => {
  it('measures as WCAG does, laying a translucent colour over its background', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
  });
});

/** The pairs axe found failing on the default theme (orange): every light theme must keep WCAG AA. */
describe.each(LIGHT_THEMES)('the %s theme', (theme) => {
  const config = themeConfig(theme);
  const token = antdTheme.getDesignToken(config) as unknown as Record<string, string>;
  const tag = { ...token, ...(config.components?.Tag as Record<string, string> | undefined) };
  const readable = (text: string, background: string, what: string) =>
    expect(contrastRatio(text, background), `${what}: ${text} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);

  it('keeps white button text, the selected menu item, tabs and links readable', () => {
    readable(token.colorTextLightSolid as string, token.colorPrimary as string, 'primary button');
    readable(token.colorPrimary as string, token.colorPrimaryBg as string, 'selected menu item');
    readable(token.colorPrimary as string, token.colorBgLayout as string, 'active tab on the page');
    readable(token.colorLink as string, token.colorBgContainer as string, 'link');
  });

  it('keeps secondary text and placeholders readable on cards and on the page', () => {
    for (const background of [token.colorBgContainer as string, token.colorBgLayout as string]) {
      readable(token.colorTextDescription as string, background, 'secondary text');
      readable(token.colorTextPlaceholder as string, background, 'placeholder');
    }
  });

  it('keeps success, warning and error text, form errors and danger buttons readable', () => {
    for (const status of ['Success', 'Warning', 'Error', 'Info'])
      readable(token[`color${status}Text`] as string, token.colorBgContainer as string, `${status} text`);
    readable(token.colorError as string, token.colorBgContainer as string, 'form error');
    readable(token.colorTextLightSolid as string, token.colorError as string, 'danger button');
  });

  it('keeps the text of coloured and status tags readable', () => {
    for (const color of TAG_COLORS) readable(tag[`${color}7`] as string, token[`${color}1`] as string, `${color} tag`);
    for (const status of ['Success', 'Warning', 'Error', 'Info'])
      readable(tag[`color${status}`] as string, token[`color${status}Bg`] as string, `${status} tag`);
  });
});
