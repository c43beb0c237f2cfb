import { randomBytes } from 'node:crypto';
import { CONSOLE_SUBDOMAIN } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createConsoleAccount, type NewConsoleAccount } from './console-accounts.js';
import { totpCode, totpStepAt } from './totp.js';

/** The console's tests: accounts, calls on the console's host, and a log-in that spends a fresh TOTP step. */

export interface ConsoleCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v1. */
  url: string;
  token?: string;
  body?: unknown;
  /** The host's first label; the console's by default, null: the bare base domain. */
  sub?: string | null;
  /** The caller's address: log-in limits count per address, so each test keeps to its own. */
  ip?: string;
}

export async function consoleCall(app: FastifyInstance, o: ConsoleCallOptions) {
  const sub = o.sub === undefined ? CONSOLE_SUBDOMAIN : o.sub;
  const res = await app.inject({
    method: o.method ?? 'GET',
    url: `/api/v1${o.url}`,
    remoteAddress: o.ip ?? '203.0.113.1',
    headers: {
      host: sub ? `${sub}.localhost` : 'localhost',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    ...(o.body === undefined ? {} : { payload: o.body as object }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered
  const body: any = res.body ? JSON.parse(res.body) : undefined;
  return { status: res.statusCode, body, headers: res.headers };
}

let addressSeq = 0;
/** An address no other test of the process uses (198.18.0.0/15 is for benchmarks, never routed). */
export const freshIp = () => {
  addressSeq++;
  return `198.18.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

export const uniqueLogin = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export const newAccount = (db: Db, prefix = 'ops') =>
  createConsoleAccount(db, { login: uniqueLogin(prefix), name: 'Operations Person' });

/** The code of the step `offset` steps from now (0: now; +1: the next, still within the accepted drift). */
export const codeOf = (account: NewConsoleAccount, offset = 0) =>
  totpCode(account.totpSecret, totpStepAt(new Date()) + offset);

/** Signs in with the code of step `offset`: each step works once, so a second log-in takes the next one. */
export async function signIn(app: FastifyInstance, account: NewConsoleAccount, offset = 0, ip = freshIp()) {
  const res = await consoleCall(app, {
    method: 'POST',
    url: '/console/login',
    ip,
    body: { login: account.login, password: account.password, code: codeOf(account, offset) },
  });
  if (res.status !== 200) throw new Error(`console log-in of ${account.login} failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
