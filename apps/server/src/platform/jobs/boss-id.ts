import { createHash } from 'node:crypto';

/**
 * A job id made from its name and key (a UUID's form, version 5's layout): sending the same job with the same
 * key twice inserts one job — pg-boss inserts with `on conflict do nothing` — however many processes or
 * retries send it. The work's own natural keys still guard against a second run after the job is archived.
 */
export function keyedJobId(name: string, key: string): string {
  const hex = createHash('sha1').update(`${name}\u0000${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
