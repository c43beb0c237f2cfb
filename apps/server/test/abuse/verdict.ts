import { ERROR_CODES, errorBodySchema } from '@crm/contracts';
import type { AbuseRequest } from './requests.js';
import type { AbuseResponse } from './transport.js';
import { zipText } from './zip-text.js';

/**
 * The rules every answer obeys, whatever was sent: no 5xx; every non-2xx answer is the one error shape
 * with a code of the catalogue; no message names a database constraint, NaN or a library; and no 2xx
 * answer carries the other company's marked names.
 */

/** Strings planted in the foreign company. `company` (its name, subdomain, branches) may appear in a public answer. */
export interface Markers {
  rows: string;
  company: string;
}

const XLSX = 'spreadsheetml';
const ALLOWED_KEYS = new Set(Object.keys(errorBodySchema.shape.error.shape));

/** What an error message must never say, and why. */
const LEAKY: [RegExp, string][] = [
  [
    /\b\w+_(fkey|pkey|key|check|unique|idx|excl)\b|\bconstraint\b|violates|duplicate key/i,
    'names a database constraint',
  ],
  [/\brelation "|\bcolumn "|syntax error at|SQLSTATE|invalid byte sequence|\bpg_\w+|\bpglite\b|drizzle/i, 'speaks SQL'],
  [/\bNaN\b|\bInfinity\b/, 'says NaN'],
  [/FST_\w+|fastify/i, 'names Fastify'],
  [/\bzod\b|Zod[A-Z]\w*|received undefined/i, 'shows zod internals'],
  [
    /\b(Invalid (input|option|string|element|key|union)|Too (small|big)|Unrecognized keys?):/,
    "uses zod's default wording",
  ],
  [/Unexpected token|JSON at position|Unexpected end of JSON|is not valid JSON/i, 'shows a JSON.parse message'],
  [/Cannot read propert|is not a function|is not defined|node_modules|\.[jt]s:\d+/, 'shows a JavaScript error'],
];

/** An answer as text: an xlsx download unzipped, so a planted name in a spreadsheet is found too. */
export const textOf = (res: AbuseResponse): string => {
  if (!res.contentType.includes(XLSX)) return res.body.toString('utf8');
  try {
    return zipText(res.body);
  } catch {
    return res.body.toString('latin1');
  }
};

/** The problems of one answer; empty when it obeys every rule. */
export function judge(r: AbuseRequest, res: AbuseResponse, markers: Markers, isPublic: boolean): string[] {
  if (res.status === 0) return [`no answer (${res.error})`];
  if (res.status >= 500) return [`${res.status} server error`];
  if (res.status >= 200 && res.status < 300) {
    const text = textOf(res);
    const problems: string[] = [];
    if (text.includes(markers.rows)) problems.push("leak: a 2xx answer holds the foreign company's rows");
    if (!isPublic && text.includes(markers.company)) problems.push('leak: a 2xx answer names the foreign company');
    if (r.role === null && !isPublic) problems.push('an anonymous caller got a 2xx answer');
    return problems;
  }
  // A refusal of HEAD has no body to judge.
  if (r.method === 'HEAD') return [];
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    return [`${res.status} answer is not JSON (${res.contentType || 'no content type'})`];
  }
  const parsed = errorBodySchema.safeParse(body);
  const extra = Object.keys(body ?? {}).filter((k) => k !== 'error');
  const error = (parsed.success ? parsed.data.error : {}) as { code?: string; message?: string; details?: unknown };
  const extraInner = parsed.success
    ? Object.keys((body as { error: object }).error).filter((k) => !ALLOWED_KEYS.has(k))
    : [];
  if (!parsed.success || extra.length || extraInner.length) return [`${res.status} answer lacks the error shape`];
  const problems: string[] = [];
  if (!(ERROR_CODES as string[]).includes(error.code!)) problems.push(`code ${error.code} is not in the catalogue`);
  if (error.code === 'validation_failed' && res.status !== 400)
    problems.push(`code validation_failed with ${res.status}`);
  const message = error.message ?? '';
  const details = JSON.stringify(error.details ?? null);
  for (const [pattern, what] of LEAKY) {
    if (saysItself(pattern, message, r)) problems.push(`message ${what}`);
    if (saysItself(pattern, details, r)) problems.push(`details ${what}`);
  }
  return problems;
}

/** Whether `text` matches `pattern` with words of the server's own: the client's input echoed back is no leak. */
function saysItself(pattern: RegExp, text: string, r: AbuseRequest): boolean {
  const found = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  const sent = () => {
    const payload = typeof r.payload === 'string' ? r.payload : (r.payload?.subarray(0, 1 << 20).toString() ?? '');
    let url = r.url;
    try {
      url = decodeURIComponent(r.url);
    } catch {
      // a malformed URL is compared as sent
    }
    return `${r.url} ${url} ${payload}`;
  };
  for (const match of text.matchAll(found)) if (!sent().includes(match[0])) return true;
  return false;
}
