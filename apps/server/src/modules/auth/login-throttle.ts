import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * Log-in throttling (docs/decisions/0018). Every attempt is claimed — counted as a failure — BEFORE its
 * password is checked, under an advisory lock of its phone and of its address, so N parallel guesses
 * check at most the limit's worth of passwords (it used to count after the check, and 182 of 200 parallel
 * guesses were checked). A success takes its own claim back.
 *
 * Three counts, each with its own limit:
 * - from an address this phone has logged in from before: 5 failures in 15 minutes, then 15 minutes' wait;
 * - from any other address: 5 failures, then one try per lockout, the lockout doubling every 5 more
 *   failures (15 min, 30 min, 1 h … at most a day) — guesses from elsewhere never lock the owner out of his
 *   usual places, and a guesser gets ever slower;
 * - per address over all phones: 30 in 15 minutes (guessing many phones from one place).
 */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_LIMIT_PER_IP = 30;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** How long failures from unknown addresses are remembered: the lockout grows within it. */
const UNKNOWN_ADDRESS_MEMORY_SECONDS = 24 * 60 * 60;
const MAX_LOCKOUT_SECONDS = 24 * 60 * 60;

/** The lockout after `failures` failures from unknown addresses: 15 min per 5, doubling. */
export const lockoutSeconds = (failures: number): number =>
  Math.min(
    MAX_LOCKOUT_SECONDS,
    LOGIN_WINDOW_SECONDS * 2 ** Math.floor((failures - LOGIN_FAILURE_LIMIT) / LOGIN_FAILURE_LIMIT),
  );

interface AttemptCounts {
  known_address: boolean;
  from_address: number;
  oldest_from_address: string | null;
  from_elsewhere: number;
  latest_from_elsewhere: string | null;
  by_ip: number;
  oldest_by_ip: string | null;
}

/** Lock classes of pg_advisory_xact_lock(int, int): a phone's and an address's attempts queue separately. */
const PHONE_LOCK = 72_310_101;
const ADDRESS_LOCK = 72_310_102;

/**
 * Claims one log-in attempt of `phone` from `ip`, or refuses with 429 and how long to wait. Runs in its own
 * company transaction; the claim is committed before the password is checked. Answers the claim's id.
 */
export async function claimLoginAttempt(tx: Tx, companyId: number, phone: string, ip: string): Promise<number> {
  // Always the phone first, then the address: two attempts never wait for each other in a cycle.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${PHONE_LOCK}, hashtext(${`${companyId}:${phone}`})),
               pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${`${companyId}:${ip}`}))`,
  );
  const [counts] = await selectRows<AttemptCounts>(
    tx,
    sql`
    select
      exists (select 1 from sessions s join users u on u.company_id = s.company_id and u.id = s.user_id
              where s.company_id = ${companyId} and u.phone = ${phone} and s.ip = ${ip}) as known_address,
      count(*) filter (where phone = ${phone} and ip = ${ip} and at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS}))::int as from_address,
      min(at) filter (where phone = ${phone} and ip = ${ip} and at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})) as oldest_from_address,
      count(*) filter (where phone = ${phone} and not known_address)::int as from_elsewhere,
      max(at) filter (where phone = ${phone} and not known_address) as latest_from_elsewhere,
      count(*) filter (where ip = ${ip} and at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS}))::int as by_ip,
      min(at) filter (where ip = ${ip} and at > now() - make_interval(secs => ${LOGIN_WINDOW_SECONDS})) as oldest_by_ip
    from login_failures
    where company_id = ${companyId} and (phone = ${phone} or ip = ${ip})
      and at > now() - make_interval(secs => ${UNKNOWN_ADDRESS_MEMORY_SECONDS})
  `,
  );
  const c = counts as AttemptCounts;
  const now = Date.now();
  const waits: number[] = [];
  if (c.by_ip >= LOGIN_FAILURE_LIMIT_PER_IP) waits.push(secondsUntil(c.oldest_by_ip, LOGIN_WINDOW_SECONDS, now));
  if (c.known_address && c.from_address >= LOGIN_FAILURE_LIMIT) {
    waits.push(secondsUntil(c.oldest_from_address, LOGIN_WINDOW_SECONDS, now));
  }
  if (!c.known_address && c.from_elsewhere >= LOGIN_FAILURE_LIMIT) {
    const wait = secondsUntil(c.latest_from_elsewhere, lockoutSeconds(c.from_elsewhere), now);
    if (wait > 0) waits.push(wait);
  }
  const retryAfter = Math.max(0, ...waits);
  if (retryAfter > 0) throw new AppError(429, 'too_many_attempts', { retry_after_seconds: retryAfter });

  const [claim] = await tx
    .insert(loginFailures)
    .values({ companyId, phone, ip, knownAddress: c.known_address })
    .returning({ id: loginFailures.id });
  return (claim as { id: number }).id;
}

const secondsUntil = (since: string | null, seconds: number, now: number): number => {
  const from = since ? new Date(since).getTime() : now;
  return Math.max(0, Math.ceil((from + seconds * 1000 - now) / 1000));
};

/** A successful log-in: its own claim and this address's earlier typos are forgiven; guesses from elsewhere stay. */
export async function forgiveAttempts(tx: Tx, companyId: number, phone: string, ip: string): Promise<void> {
  await tx
    .delete(loginFailures)
    .where(and(eq(loginFailures.companyId, companyId), eq(loginFailures.phone, phone), eq(loginFailures.ip, ip)));
}
