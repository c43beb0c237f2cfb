import fc from 'fast-check';
import type { Draft, Slot } from './draft.js';
import { slotsOf } from './draft.js';
import type { Operation } from './operations.js';
import {
  badText,
  DATE_TO,
  DEEP,
  DEEP_JSON,
  deepText,
  hugeString,
  nulString,
  oddNumber,
  surrogateString,
  wrongType,
} from './values.js';

/** What the fuzzer does to a valid request; every kind is tried on every operation. */
export const INPUT_KINDS = [
  'valid',
  'missing-required',
  'wrong-type',
  'huge-string',
  'nul',
  'lone-surrogate',
  'odd-number',
  'deep-nesting',
  'extra-fields',
  'wrong-content-type',
  'malformed-body',
  'bad-path',
  'bad-header',
  'oversized',
  'far-dates',
  'other-method',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=abuse',
  'multipart/form-data',
  'application/json; charset=latin1',
  'application/octet-stream',
  'application/jsonx',
  'APPLICATION/JSON',
  'image/png',
  '',
];

const MALFORMED = [
  '{',
  '{"name":}',
  '[',
  '{"a":1,}',
  "{'a':1}",
  'null',
  '"text"',
  '123',
  '[]',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"amount":1e999,"id":-1e999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '',
];

const BAD_SEGMENTS = ['%zz', '%', '%E0%A4%A', '%ED%A0%80', '%00', 'a'.repeat(101), '%2F', '..', '%20', '%C0%AF', '-1'];

/** Over the limits (1 MB of JSON, 25 MB of upload, Node's 16 KB of request head): made once. */
const BIG_FILE = Buffer.alloc(26 * 1024 * 1024, 0x41);
const BIG_JSON = JSON.stringify({ name: 'x'.repeat(1_100_000) });
const BIG_HEAD = 'x'.repeat(40 * 1024);

/** Dates no calendar of the product expects: the widest range, the year 0, a 29 February that never was. */
const ODD_DATES = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '1970-01-01',
  '2023-02-29',
  '2024-02-29',
  '+002026-01-01',
  '2026-1-1',
  '20260101',
  '2026-01-01T00:00:00Z',
  '2026-W01',
];
const isDate = (text: string) => /^\d{4}-\d{2}(-\d{2})?$/.test(text);
const nameOf = (where: string) => where.slice(where.lastIndexOf('.') + 1);

function farDates(slots: Slot[], d: Draft): fc.Arbitrary<Draft> {
  const dates = slots.filter((s) => isDate(s.current));
  const widest = (reversed: boolean) => {
    let draft = d;
    for (const slot of dates) {
      const end = DATE_TO.test(nameOf(slot.where)) !== reversed;
      const day = end ? (reversed ? '2026-01-01' : '9999-12-31') : reversed ? '2026-12-31' : '0001-01-01';
      draft = slot.apply(draft, slot.current.length === 7 ? day.slice(0, 7) : day);
    }
    return { ...draft, where: reversed ? 'dates reversed' : 'dates 0001-01-01 … 9999-12-31' };
  };
  if (!dates.length)
    return fc.constant({
      ...d,
      query: [...d.query, ['from', '0001-01-01'], ['to', '9999-12-31']],
      where: 'query.from/to',
    });
  return fc.oneof(
    fc.constant(widest(false)),
    fc.constant(widest(true)),
    fc
      .record({ slot: fc.constantFrom(...dates), day: fc.constantFrom(...ODD_DATES) })
      .map(({ slot, day }) => ({ ...slot.apply(d, day), where: `${slot.where} ${day}` })),
  );
}

const OTHER_METHODS = ['HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'GET', 'POST', 'PUT', 'DELETE'];

const headerFaults = (host: string, token: string) =>
  fc.constantFrom<[string, string]>(
    ['authorization', `Bearer ${token}x`],
    ['authorization', `Bearer ${token.slice(0, -2)}`],
    ['authorization', 'Bearer'],
    ['authorization', `Basic ${Buffer.from('owner:demo1234').toString('base64')}`],
    ['authorization', `Bearer ${'a'.repeat(8 * 1024)}`],
    ['authorization', `Bearer ${token}.${token}`],
    ['authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
    ['host', `${'a'.repeat(300)}.localhost`],
    ['host', 'localhost:99999'],
    ['host', `${host.toUpperCase()}:3000`],
    ['host', '[::1]'],
    ['x-request-id', 'a'.repeat(5000)],
    ['x-request-id', '../../x'],
    ['accept', 'application/xml'],
    ['accept-language', 'x'.repeat(4000)],
    ['x-forwarded-for', 'not an address, 999.1.1.1'],
    ['idempotency-key', 'k'.repeat(5000)],
    ['if-none-match', '*'],
    ['authorization', 'Bearer é€ÿ'],
    ['accept-language', 'uz;q=abc, ru;q=NaN, *;q=2, x-ZZ'],
    ['accept-language', '\u00ff\u00fe'],
    ['content-encoding', 'gzip'],
    ['x-http-method-override', 'DELETE'],
  );

/** JSON text of the body with a `__proto__` key, which JSON.stringify of an object cannot write. */
const withProto = (body: unknown) => {
  const text = JSON.stringify(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
  return `{"__proto__":{"isAdmin":true},${text.slice(1)}`.replace(',}', '}');
};

function missingRequired(op: Operation, d: Draft): fc.Arbitrary<Draft> {
  const options: Draft[] = [];
  for (const p of op.query.filter((q) => q.required))
    options.push({ ...d, query: d.query.filter(([k]) => k !== p.name), where: `query.${p.name}` });
  for (const key of op.body?.required ?? []) {
    const { [key]: _gone, ...rest } = (d.body ?? {}) as Record<string, unknown>;
    options.push({ ...d, body: rest, where: `body.${key}` });
  }
  if (op.body) options.push({ ...d, body: undefined, where: 'body' });
  if (d.upload) options.push({ ...d, upload: undefined, where: 'upload' });
  for (const p of op.pathParams) options.push({ ...d, path: { ...d.path, [p.name]: '' }, where: `path.${p.name}` });
  return options.length ? fc.constantFrom(...options) : fc.constant({ ...d, query: [], where: 'none' });
}

function badPath(op: Operation, d: Draft): fc.Arbitrary<Draft> {
  return fc.record({ segment: fc.constantFrom(...BAD_SEGMENTS), raw: fc.boolean() }).chain(({ segment, raw }) => {
    // A space or NUL in the request line only exists on a real socket (Node's parser refuses it).
    const bad = raw ? fc.constantFrom(segment, 'a b', 'a\u0000b') : fc.constant(segment);
    return bad.chain((text) => {
      const http = text.includes(' ') || text.includes('\u0000') ? { transport: 'http' as const } : {};
      if (!op.pathParams.length) return fc.constant({ ...d, suffix: `/${text}`, where: `path /${text}`, ...http });
      return fc.constantFrom(...op.pathParams).map((p) => ({
        ...d,
        rawPath: { [p.name]: text },
        where: `path.${p.name} ${text.slice(0, 12)}`,
        ...http,
      }));
    });
  });
}

/** One fault of `kind` in a valid request. */
export function mutate(kind: InputKind, op: Operation, d: Draft, token: string): fc.Arbitrary<Draft> {
  const slots = slotsOf(op, d);
  const inSlot = (value: (slot: Slot) => fc.Arbitrary<unknown>) =>
    fc.constantFrom(...slots).chain((slot) => value(slot).map((v) => ({ ...slot.apply(d, v), where: slot.where })));
  switch (kind) {
    case 'valid':
      return fc.constant(d);
    case 'missing-required':
      return missingRequired(op, d);
    case 'wrong-type':
      return inSlot((slot) => (slot.where.startsWith('body') ? wrongType(slot.type) : badText));
    case 'huge-string':
      return inSlot(() => hugeString);
    case 'nul':
      return inSlot((slot) => nulString(slot.current));
    case 'lone-surrogate':
      return inSlot((slot) => surrogateString(slot.current));
    case 'odd-number':
      return inSlot(() => oddNumber);
    case 'deep-nesting': {
      // The deep value goes in as text: a placeholder in the body, replaced when the body is written.
      const fields = slots.filter((s) => s.where.startsWith('body'));
      const place = fields.length
        ? fc.oneof(fc.constant<Slot | undefined>(undefined), fc.constantFrom(...fields))
        : fc.constant(undefined);
      return fc.record({ slot: place, deep: deepText }).map(({ slot, deep }) => {
        const body = slot ? slot.apply(d, DEEP).body : DEEP;
        return { ...d, raw: JSON.stringify(body).replace(DEEP_JSON, deep), where: slot?.where ?? 'body' };
      });
    }
    case 'extra-fields':
      return fc.constantFrom<Draft>(
        { ...d, body: { ...(d.body as object), unexpected: 'x', company_id: 1, id: 1 }, where: 'body' },
        { ...d, raw: withProto(d.body), contentType: 'application/json', where: 'body.__proto__' },
        {
          ...d,
          query: [...d.query, ['foo', 'bar'], ['__proto__', '1'], ['constructor[prototype]', '1']],
          where: 'query',
        },
        { ...d, query: [...d.query, ...d.query], where: 'query (every parameter twice)' },
        { ...d, query: [...d.query, ['page', '1'], ['page', '2'], ['per_page', '100000']], where: 'query.page' },
      );
    case 'wrong-content-type':
      return fc.record({ type: fc.constantFrom(...CONTENT_TYPES), json: fc.boolean() }).map(({ type, json }) => ({
        ...d,
        raw: json ? JSON.stringify(d.body ?? {}) : 'name=x&amount=1',
        contentType: type,
        where: `content-type ${type || '(empty)'}`,
      }));
    case 'malformed-body':
      return fc.constantFrom(...MALFORMED).map((raw) => ({
        ...d,
        raw,
        contentType: 'application/json',
        where: `body ${JSON.stringify(raw).slice(0, 30)}`,
      }));
    case 'bad-path':
      return badPath(op, d);
    case 'bad-header':
      return headerFaults(d.headers.host ?? 'localhost', token).map(([name, value]) => ({
        ...d,
        headers: { ...d.headers, [name]: value },
        where: `header.${name}`,
      }));
    case 'oversized':
      return fc.constantFrom<Draft>(
        d.upload
          ? { ...d, upload: { ...d.upload, content: BIG_FILE }, where: 'upload > 25 MB' }
          : { ...d, raw: BIG_JSON, where: 'body > 1 MB' },
        { ...d, query: [...d.query, ['q', BIG_HEAD]], where: 'url > 16 KB', transport: 'http' },
        { ...d, headers: { ...d.headers, cookie: `a=${BIG_HEAD}` }, where: 'header > 16 KB', transport: 'http' },
      );
    case 'far-dates':
      return farDates(slots, d);
    case 'other-method':
      return fc
        .constantFrom(...OTHER_METHODS.filter((m) => m !== op.method))
        .map((method) => ({ ...d, method, where: `method ${method}` }));
  }
}
