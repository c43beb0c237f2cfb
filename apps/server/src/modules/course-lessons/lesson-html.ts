import sanitizeHtml from 'sanitize-html';

/**
 * The part of a lesson's HTML that is safe to show to every student (decision 0033): text structure,
 * links, tables and images by address — no scripts, styles, event handlers, frames or forms. Links open in
 * a new tab without giving the opened page a handle on ours. Videos are the lesson's own field, not HTML.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'pre',
    'code',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    // target and rel are the ones the transform below sets.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    // Browsers' editors write <b>/<i> or <strong>/<em>; one form is kept.
    b: 'strong',
    i: 'em',
  },
};

/** The safe HTML of a lesson body; an empty body (only whitespace or empty paragraphs) becomes ''. */
export function cleanLessonHtml(html: string): string {
  const clean = sanitizeHtml(html, POLICY).trim();
  return clean.replace(/<(p|div)>(\s|<br \/>|&nbsp;)*<\/\1>/g, '').trim() === '' ? '' : clean;
}
