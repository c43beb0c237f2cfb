import fc from 'fast-check';
import type { JsonSchema } from './operations.js';

/**
 * Values for the fuzzer: a valid value of a JSON Schema (so a request gets past validation and a
 * mutation of one field reaches the service), and the hostile values that replace it.
 */

/** Ids of the home company's rows, by the field or parameter name that refers to them. */
export type IdPools = Record<string, number[]>;

/** The pool of a field by its name; any other `…_id` or `ids` takes one of the home company's ids. */
const poolOf = (name: string, pools: IdPools): number[] | undefined =>
  pools[name] ?? (/(^|_)ids?$/.test(name) ? pools['*'] : undefined);

const DATE_FROM = /^(from|from_date|date_start|start_date|exception_sum_start_date|created_date)$/;
export const DATE_TO = /^(to|till|to_date|date_end|end_date|exception_sum_end_date)$/;

function validString(s: JsonSchema, name: string): fc.Arbitrary<string> {
  if (s.format === 'date' || s.pattern?.includes('-02-29')) {
    if (DATE_FROM.test(name)) return fc.constantFrom('2026-01-01', '2025-12-01');
    if (DATE_TO.test(name)) return fc.constantFrom('2026-01-31', '2026-02-28');
    return fc.constantFrom('2026-01-15', '2026-01-05', '2025-12-20');
  }
  if (s.format === 'email') return fc.constant('abuse@example.com');
  if (s.format === 'uuid') return fc.constant('0b5f0c1e-8d6a-4c1e-9a5e-3c2b1a0f9e8d');
  if (s.pattern?.startsWith('^#')) return fc.constant('#3a7bd5');
  if (s.pattern?.includes(':[0-5]')) return fc.constant(name.startsWith('end') ? '10:30' : '09:00');
  if (s.pattern?.includes('(0[1-9]|1[0-2])$')) return fc.constant('2026-01');
  if (s.pattern?.includes('\\d\\s+()')) return fc.constantFrom('901234567', '998901234567');
  if (s.pattern?.includes('\\p{L}')) return fc.constantFrom('AB1', 'abuse-1');
  if (name === 'password') return fc.constant('abuse-password');
  if (name === 'phone' || name.endsWith('_phone')) return fc.constantFrom('901234567', '998901234567');
  if (name === 'time_zone') return fc.constantFrom('Asia/Tashkent', 'UTC');
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 40));
  return fc
    .constantFrom('Abuse', 'Тест', "O'zbek", 'x', 'Name with spaces', '١٢٣')
    .map((word) => word.padEnd(min, 'x').slice(0, max));
}

function validNumber(s: JsonSchema, name: string, pools: IdPools): fc.Arbitrary<number> {
  const pool = poolOf(name, pools);
  if (pool?.length) return fc.constantFrom(...pool);
  // Small numbers: statuses and types are small codes that the document shows only as integers.
  const low = Math.max(Math.ceil((s.minimum ?? 0) + (s.exclusiveMinimum ? 1 : 0)), name === 'page' ? 1 : 0);
  const high = Math.max(low, Math.min(s.maximum ?? low + 20, low + (name === 'percent' ? 100 : 20)));
  return fc.integer({ min: low, max: high });
}

/** A value the schema accepts (ids from the home company), so that one mutated field is the only fault. */
export function validValue(s: JsonSchema, name: string, pools: IdPools, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) {
    const options = s.anyOf.filter((o) => !(o.enum?.length === 1 && o.enum[0] === ''));
    return fc.oneof(...(options.length ? options : s.anyOf).map((o) => validValue(o, name, pools, depth)));
  }
  switch (s.type) {
    case 'string':
      return validString(s, name);
    case 'integer':
    case 'number':
      return validNumber(s, name, pools);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.max(min, Math.min(s.maxItems ?? 2, 2));
      return fc.array(validValue(s.items ?? {}, name, pools, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      if (!s.properties || depth > 4) return fc.constant({});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(s.properties)) model[key] = validValue(prop, key, pools, depth + 1);
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    default:
      if (name === 'roles') return fc.constantFrom(4, 5);
      return fc.constantFrom({}, {}, 1, 'x', null);
  }
}

/** A valid value as the query string or path carries it. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) ? value.map(asText).join(',') : JSON.stringify(value);

const HUGE = 100 * 1024;

/** A string of about 100 KB, of one kind of character (multi-byte and NUL included). */
export const hugeString = fc
  .record({
    unit: fc.constantFrom('a', 'й', '😀', '\u0000', ' ', '9', '<script>', "'; drop table users; --"),
    extra: fc.constantFrom(0, 1, 17),
  })
  .map(({ unit, extra }) => unit.repeat(Math.ceil((HUGE + extra) / unit.length)));

/** NUL where a string is read: alone, inside a word, at either end, as the only byte of a number. */
export const nulString = (base: string) =>
  fc.constantFrom(`${base}\u0000`, `\u0000${base}`, `${base.slice(0, 1)}\u0000${base.slice(1)}`, '\u0000', '1\u00002');

/** Lone UTF-16 surrogates, which no UTF-8 encoder can write (the database refuses them). */
export const surrogateString = (base: string) =>
  fc.constantFrom(`${base}\ud800`, '\udfff', `\ud800${base}`, '\udc00\ud800', `${base}\ud83d`);

/** Numbers past JSON's and JavaScript's edges, and strings that a careless Number() turns into NaN. */
export const oddNumber = fc.constantFrom<unknown>(
  -1,
  0,
  1.5,
  -0.0001,
  32_768,
  2_147_483_648,
  99_999_999_999,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_VALUE,
  'NaN',
  'Infinity',
  '1e309',
  '0x1F',
  ' 7 ',
  '',
  '1,5',
  '٣',
  '9'.repeat(400),
);

/** A value of another JSON type than `type` (typeof, or 'array'); any type when it is unknown. */
export function wrongType(type: string | undefined): fc.Arbitrary<unknown> {
  const all: unknown[] = ['text', 12, 1.25, true, null, [], [1, 'a'], {}, { a: 1 }, ''];
  const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v);
  return fc.constantFrom(...all.filter((v) => typeOf(v) !== type));
}

/** Text in a query string or a path segment that no integer, date or enum parameter accepts. */
export const badText = fc.constantFrom(
  'abc',
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '1e309',
  '0x10',
  '2026-02-30',
  '2026-13-01',
  '99999999999999999999',
  '../../etc/passwd',
  '%',
  '😀',
);

/** JSON text of an object nested `depth` levels, or an array as deep (written as text: too deep for JSON.stringify). */
export const nestedText = (depth: number, kind: 'object' | 'array') =>
  kind === 'object' ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Stands in a body for the deep text until the body is written (JSON.stringify escapes it as below). */
export const DEEP = '\u0001deep\u0001';
export const DEEP_JSON = '"\\u0001deep\\u0001"';

export const deepText = fc
  .record({ depth: fc.constantFrom(1000, 1001, 5000), kind: fc.constantFrom<'object' | 'array'>('object', 'array') })
  .map(({ depth, kind }) => nestedText(depth, kind));
