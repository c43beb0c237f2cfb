import type { Operation } from './operations.js';
import { asText } from './values.js';

/**
 * A request being built: a valid request of an operation, then one fault (faults.ts), then written out
 * as a URL, headers and bytes.
 */

type Key = string | number;

/** A file of a multipart upload (course files, the students and leads imports). */
export interface Upload {
  field: string;
  filename: string;
  type: string;
  content: Buffer;
}

export interface Draft {
  /** Another method than the operation's. */
  method?: string;
  path: Record<string, string>;
  /** Path segments sent exactly as written (bad percent-encoding, a raw NUL). */
  rawPath: Record<string, string>;
  query: [string, string][];
  body?: unknown;
  upload?: Upload;
  /** Bytes sent instead of the body or the upload. */
  raw?: string | Buffer;
  contentType?: string;
  headers: Record<string, string>;
  /** Appended to the path (a segment of an operation without path parameters). */
  suffix: string;
  where: string;
  transport?: 'http';
}

/** A place a value can go, with the value there now. */
export interface Slot {
  where: string;
  current: string;
  /** The JSON type there now (body fields), so that a wrong type is really another one. */
  type?: string;
  apply: (d: Draft, value: unknown) => Draft;
}

/** encodeURIComponent, except that a lone surrogate is written as its (invalid) three UTF-8-style bytes. */
export function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // a lone surrogate: written below, one character at a time
  }
  let out = '';
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xed, 0xa0 | ((unit >> 6) & 0x1f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export function urlOf(op: Operation, d: Draft): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => d.rawPath[name] ?? encodeText(d.path[name] ?? ''));
  const query = d.query.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&');
  return `${path}${d.suffix}${query ? `?${query}` : ''}`;
}

/** The body's bytes and content type: raw bytes first, then an upload, then JSON. */
export function payloadOf(d: Draft): { payload?: string | Buffer; contentType?: string } {
  if (d.raw !== undefined) return { payload: d.raw, contentType: d.contentType ?? 'application/json' };
  if (d.upload) {
    const boundary = '----abuse-boundary-7MA4YWxkTrZu0gW';
    const { field, filename, type, content } = d.upload;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }
  if (d.body === undefined) return {};
  return { payload: JSON.stringify(d.body), contentType: d.contentType ?? 'application/json' };
}

/** Every place inside a body value that a fault can replace, three levels down at most. */
function bodyPaths(value: unknown, op: Operation, prefix: Key[] = []): Key[][] {
  const out: Key[][] = [];
  if (prefix.length === 0 && op.body?.properties) for (const key of Object.keys(op.body.properties)) out.push([key]);
  if (prefix.length >= 3 || typeof value !== 'object' || value === null) return out;
  for (const [key, child] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    if (prefix.length > 0 || !op.body?.properties?.[key]) out.push(path);
    out.push(...bodyPaths(child, op, path));
  }
  return out;
}

const valueAt = (root: unknown, path: Key[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Record<Key, unknown>)[key] : undefined),
    root,
  );

function setAt(root: unknown, path: Key[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone((typeof root === 'object' && root !== null ? root : {}) as object) as Record<
    Key,
    unknown
  >;
  const [head, ...rest] = path as [Key, ...Key[]];
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

/** The places a value can go: path and query parameters (an undeclared one if none), body fields, the upload. */
export function slotsOf(op: Operation, d: Draft): Slot[] {
  const slots: Slot[] = op.pathParams.map((p) => ({
    where: `path.${p.name}`,
    current: d.path[p.name] ?? '1',
    apply: (draft, value) => ({ ...draft, path: { ...draft.path, [p.name]: asText(value) } }),
  }));
  const names = op.query.length ? op.query.map((p) => p.name) : ['q'];
  for (const name of names)
    slots.push({
      where: `query.${name}`,
      current: d.query.find(([k]) => k === name)?.[1] ?? '1',
      apply: (draft, value) => ({
        ...draft,
        query: [...draft.query.filter(([k]) => k !== name), [name, asText(value)]],
      }),
    });
  if (op.body)
    for (const path of bodyPaths(d.body, op)) {
      const value = valueAt(d.body, path);
      slots.push({
        where: `body.${path.join('.')}`,
        current: typeof value === 'string' && value ? value : 'Abuse',
        type: Array.isArray(value) ? 'array' : value === null || value === undefined ? undefined : typeof value,
        apply: (draft, value) => ({ ...draft, body: setAt(draft.body, path, value) }),
      });
    }
  const upload = d.upload;
  if (upload)
    for (const part of ['filename', 'field', 'type'] as const)
      slots.push({
        where: `upload.${part}`,
        current: upload[part],
        apply: (draft, value) => ({ ...draft, upload: { ...upload, [part]: asText(value) } }),
      });
  return slots;
}
