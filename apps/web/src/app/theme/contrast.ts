/**
 * WCAG 2 contrast of a text colour on a background, for the theme's own checks (theme-config picks
 * readable shades with it, its test proves every theme keeps AA). Colours are `#rgb`, `#rrggbb` or
 * `rgba(r, g, b, a)` (antd's grey text tokens), the latter laid over the background first.
 */
type Rgb = [number, number, number];

function parse(color: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const value = Number.parseInt(full, 16);
    return { rgb: [(value >> 16) & 255, (value >> 8) & 255, value & 255], alpha: 1 };
  }
  const rgba = /^rgba?\(([^)]+)\)$/i.exec(color.replace(/\s/g, ''));
  if (!rgba) throw new Error(`Not a colour the contrast check reads: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = (rgba[1] as string).split(',').map(Number);
  return { rgb: [r, g, b], alpha: a };
}

const luminance = ([r, g, b]: Rgb): number => {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
};

export function contrastRatio(text: string, background: string): number {
  const back = parse(background).rgb;
  const { rgb, alpha } = parse(text);
  const shown = rgb.map((channel, i) => channel * alpha + (back[i] as number) * (1 - alpha)) as Rgb;
  const [light, dark] = [luminance(shown), luminance(back)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 2 AA for normal-size text (1.4.3). */
export const AA_TEXT = 4.5;

/** The first of the shades (light to dark, or the reverse on a dark theme) that reads on the background. */
export function firstReadable(shades: readonly string[], background: string): string {
  const readable = shades.find((shade) => contrastRatio(shade, background) >= AA_TEXT);
  return readable ?? (shades.at(-1) as string);
}
