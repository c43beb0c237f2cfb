import { type ConsoleLogin, type ConsoleSession, consoleLoginSchema } from '@crm/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../../db/client.js';
import { platformAccounts } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { recordConsoleAction } from './console-audit.js';
import { type ConsoleCaller, endConsoleSession, startConsoleSession } from './console-sessions.js';
import { asPlatform } from './platform-db.js';
import { matchTotp } from './totp.js';

/** Failed console log-ins allowed per login and per address in the window; the next one is refused (429). */
export const CONSOLE_FAILURE_LIMIT = 5;
export const CONSOLE_WINDOW_SECONDS = 15 * 60;

/** Lock classes of pg_advisory_xact_lock(int, int): a login's attempts, then an address's, queue. */
const LOGIN_LOCK = 72_310_201;
const ADDRESS_LOCK = 72_310_202;

type FailureReason = 'unknown_login' | 'wrong_password' | 'wrong_code' | 'account_disabled';

type Outcome =
  | { kind: 'signed_in'; session: ConsoleSession }
  | { kind: 'failed' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * POST /console/login: password and a TOTP code, both required. The attempts of one login and of one address
 * take turns under advisory locks and are counted from the audit log itself (`login_failed` rows of the last
 * 15 minutes), so parallel guesses cannot outrun the limit, and every failure stays on record. The password
 * is checked inside that turn; console log-ins are rare enough that holding a connection ~30 ms is nothing.
 */
export async function consoleLogin(db: Db, input: ConsoleLogin, ip: string, now: Date): Promise<ConsoleSession> {
  const { login, password, code } = consoleLoginSchema.parse(input);
  const outcome = await asPlatform(db, async (tx): Promise<Outcome> => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOGIN_LOCK}, hashtext(${login})),
                 pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`,
    );
    const retryAfterSeconds = await throttleWait(tx, login, ip);
    if (retryAfterSeconds > 0) {
      await recordConsoleAction(tx, { accountId: null, action: 'login_throttled', data: { login }, ip });
      return { kind: 'throttled', retryAfterSeconds };
    }
    const [account] = await tx.select().from(platformAccounts).where(eq(platformAccounts.login, login));
    const fail = async (reason: FailureReason): Promise<Outcome> => {
      await recordConsoleAction(tx, {
        accountId: account?.id ?? null,
        action: 'login_failed',
        data: { login, reason },
        ip,
      });
      return { kind: 'failed' };
    };
    if (!account) {
      // As slow as a real check: the answer's timing says nothing of which logins exist.
      await burnPasswordCheck(password);
      return fail('unknown_login');
    }
    if (!(await verifyPassword(account.passwordHash, password))) return fail('wrong_password');
    if (account.disabled) return fail('account_disabled');
    const step = matchTotp(account.totpSecret, code, now, account.lastTotpStep);
    if (step === null) return fail('wrong_code');
    // Conditional, so a step is spent exactly once even if the lock above were ever taken away.
    const spent = await tx
      .update(platformAccounts)
      .set({ lastTotpStep: step })
      .where(
        and(
          eq(platformAccounts.id, account.id),
          or(isNull(platformAccounts.lastTotpStep), lt(platformAccounts.lastTotpStep, step)),
        ),
      )
      .returning({ id: platformAccounts.id });
    if (spent.length === 0) return fail('wrong_code');
    const { token, expiresAt } = await startConsoleSession(tx, account.id, ip);
    await recordConsoleAction(tx, { accountId: account.id, action: 'login', ip });
    return {
      kind: 'signed_in',
      session: {
        token,
        expires_at: expiresAt.toISOString(),
        account: { id: account.id, login: account.login, name: account.name },
      },
    };
  });
  // Refusals are thrown after the commit: the failure's audit row must outlive the refusal.
  if (outcome.kind === 'throttled') {
    throw new AppError(429, 'too_many_attempts', { retry_after_seconds: outcome.retryAfterSeconds });
  }
  if (outcome.kind === 'failed') throw new AppError(401, 'login_error');
  return outcome.session;
}

/** Seconds until the oldest failure of a full window leaves it; 0 when neither count is full. */
async function throttleWait(tx: Tx, login: string, ip: string): Promise<number> {
  // Instants as epoch seconds: both drivers then answer plain numbers.
  const [row] = await selectRows<{
    by_login: number;
    oldest_login: number | null;
    by_ip: number;
    oldest_ip: number | null;
  }>(
    tx,
    sql`select
        count(*) filter (where data->>'login' = ${login})::int as by_login,
        extract(epoch from min(at) filter (where data->>'login' = ${login}))::float8 as oldest_login,
        count(*) filter (where ip = ${ip})::int as by_ip,
        extract(epoch from min(at) filter (where ip = ${ip}))::float8 as oldest_ip
      from platform_audit_log
      where action = 'login_failed' and at > now() - make_interval(secs => ${CONSOLE_WINDOW_SECONDS})
        and (data->>'login' = ${login} or ip = ${ip})`,
  );
  const waits: number[] = [];
  const waitFor = (oldest: number | null) => {
    const from = oldest === null ? Date.now() : oldest * 1000;
    return Math.max(1, Math.ceil((from + CONSOLE_WINDOW_SECONDS * 1000 - Date.now()) / 1000));
  };
  if (row && row.by_login >= CONSOLE_FAILURE_LIMIT) waits.push(waitFor(row.oldest_login));
  if (row && row.by_ip >= CONSOLE_FAILURE_LIMIT) waits.push(waitFor(row.oldest_ip));
  return Math.max(0, ...waits);
}

/** POST /console/logout. */
export async function consoleLogout(db: Db, caller: ConsoleCaller, ip: string): Promise<void> {
  await asPlatform(db, async (tx) => {
    await endConsoleSession(tx, caller.sessionId);
    await recordConsoleAction(tx, { accountId: caller.id, action: 'logout', ip });
  });
}
