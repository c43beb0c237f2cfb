import type { FieldError } from '@crm/contracts';

/**
 * Text PostgreSQL cannot keep: it refuses a NUL in `text`, and a lone UTF-16 surrogate cannot be
 * encoded to UTF-8 (the history record's JSON of such a name was refused, a 500 on 17 operations).
 * One check for every route, before validation, rather than a rule in each schema that one could forget.
 */

/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Deeper than any request of ours; a body nested deeper is refused rather than walked. */
export const MAX_NESTING = 32;

export type TextProblem = Pick<FieldError, 'field' | 'rule'>;

/** The first field of `value` (a parsed body, query or params) holding unstorable text, or nested too deeply. */
export function findTextProblem(value: unknown, path = '', depth = 0): TextProblem | undefined {
  if (typeof value === 'string')
    return isStorableText(value) ? undefined : { field: path || '(body)', rule: 'invalid_characters' };
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_NESTING) return { field: path || '(body)', rule: 'too_deep' };
  // Buffers and streams (uploads) are bytes, not text.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined;
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return { field: path || '(body)', rule: 'invalid_characters' };
    const problem = findTextProblem(item, field, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}
