import sanitizeHtml from 'sanitize-html';

/** How much of the body a list row reads: enough for the excerpt even when tags take most of it. */
export const EXCERPT_SOURCE_CHARS = 2_000;
const EXCERPT_CHARS = 220;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The first words of a post's (already sanitised) body as plain text, for its card: block ends become spaces,
 * so paragraphs do not run into each other, and the entities sanitize-html writes are read back, since the
 * web shows this as text, not HTML.
 */
export function excerptOf(html: string): string {
  const spaced = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (entity, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
      const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
