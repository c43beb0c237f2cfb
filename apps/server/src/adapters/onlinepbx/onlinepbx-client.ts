import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  type ExchangeSettings,
  exchange,
  exchangeSettings,
  type HttpSettings,
  NoAnswerError,
} from '../http-exchange.js';
import {
  AUTH_HEADER,
  authDataSchema,
  ONLINEPBX_PATHS,
  type PbxCall,
  type PbxUser,
  pbxCallSchema,
  pbxUserSchema,
  recordUrlSchema,
  statusAnswerSchema,
} from './protocol.js';

/** The provider answered, and said no (a wrong key, an unknown extension): its comment says why. */
export class OnlinePbxRefusedError extends Error {
  constructor(readonly comment: string) {
    super(`OnlinePBX refused: ${comment}`);
  }
}

/** The provider did not answer, or not in its protocol. */
export class OnlinePbxUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`OnlinePBX unavailable: ${reason}`);
  }
}

export interface OnlinePbxAccount {
  domain: string;
  authKey: string;
}

/**
 * Session keys auth.json handed out, by account (its domain and a hash of its API key), kept for the process:
 * one auth.json per account rather than one per call. A key the provider no longer accepts is dropped and
 * asked for once more.
 */
const sessions = new Map<string, string>();
const sessionKeyOf = (account: OnlinePbxAccount) =>
  `${account.domain}:${createHash('sha256').update(account.authKey).digest('hex')}`;

export interface HistorySearch {
  /** Unix seconds. */
  from: number;
  till: number;
  phoneNumbers?: readonly string[];
}

/** One company's (or branch's) OnlinePBX account (spec §7 "Telephony provider"). */
export class OnlinePbxClient {
  private readonly http: ExchangeSettings;

  constructor(
    private readonly account: OnlinePbxAccount,
    settings: HttpSettings,
  ) {
    this.http = exchangeSettings('onlinepbx', settings);
  }

  /** auth.json with the account's key: the session key, or the provider's refusal (its comment). */
  async authenticate(): Promise<string> {
    const answer = await this.post('auth', ONLINEPBX_PATHS.auth, { auth_key: this.account.authKey }, undefined);
    const data = authDataSchema.safeParse(answer.data);
    if (!data.success) throw new OnlinePbxUnavailableError('auth.json answered no key');
    const key = `${data.data.key_id}:${data.data.key}`;
    sessions.set(sessionKeyOf(this.account), key);
    return key;
  }

  /** user/get.json: the account's extensions. */
  async users(): Promise<PbxUser[]> {
    const data = await this.authorized('users', ONLINEPBX_PATHS.users, {});
    return parseList(pbxUserSchema, data);
  }

  /** mongo_history/search.json over a period (at most the week spec §9 shows), optionally for some numbers. */
  async history(search: HistorySearch): Promise<PbxCall[]> {
    const form: Record<string, string> = {
      start_stamp_from: String(search.from),
      start_stamp_to: String(search.till),
    };
    if (search.phoneNumbers?.length) form.phone_numbers = search.phoneNumbers.join(',');
    return parseList(pbxCallSchema, await this.authorized('history', ONLINEPBX_PATHS.history, form));
  }

  /** The short-lived address of a call's recording, or null when it has none. */
  async recordUrl(uuid: string): Promise<string | null> {
    const data = await this.authorized('record', ONLINEPBX_PATHS.history, { uuid, download: '1' });
    const url = recordUrlSchema.safeParse(Array.isArray(data) ? data[0] : data);
    return url.success ? url.data : null;
  }

  /** call/transfer: the call to another extension. */
  async transfer(callId: string, destination: string): Promise<void> {
    await this.authorized('transfer', ONLINEPBX_PATHS.transfer, { call_id: callId, destination });
  }

  /** A call with the session key; a key the provider no longer takes is renewed once. */
  private async authorized(name: string, path: string, form: Record<string, string>): Promise<unknown> {
    const cached = sessions.get(sessionKeyOf(this.account));
    try {
      return (await this.post(name, path, form, cached ?? (await this.authenticate()))).data;
    } catch (error) {
      if (!(error instanceof ExpiredKeyError)) throw error;
      sessions.delete(sessionKeyOf(this.account));
      return (await this.post(name, path, form, await this.authenticate())).data;
    }
  }

  private async post(name: string, path: string, form: Record<string, string>, key: string | undefined) {
    let answer: Awaited<ReturnType<typeof exchange>>;
    try {
      answer = await exchange(this.http, {
        name,
        path: `/${this.account.domain}/${path}`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(key ? { [AUTH_HEADER]: key } : {}) },
          body: new URLSearchParams(form).toString(),
        },
        retryTimeout: name !== 'transfer',
      });
    } catch (error) {
      if (error instanceof NoAnswerError) throw new OnlinePbxUnavailableError(error.reason);
      throw error;
    }
    if (key && (answer.status === 401 || answer.status === 403)) throw new ExpiredKeyError();
    const parsed = statusAnswerSchema.safeParse(answer.body);
    if (!parsed.success) throw new OnlinePbxUnavailableError(`status ${answer.status}`);
    if (parsed.data.status !== '1') {
      const comment = parsed.data.comment ?? parsed.data.errorCode ?? `status ${parsed.data.status}`;
      if (key && /key|auth/i.test(parsed.data.errorCode ?? '')) throw new ExpiredKeyError();
      throw new OnlinePbxRefusedError(comment);
    }
    return parsed.data;
  }
}

class ExpiredKeyError extends Error {}

/** A list under `data`, each item checked; one the protocol does not describe is left out, not fatal. */
function parseList<T extends z.ZodType>(item: T, data: unknown): z.output<T>[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => {
    const parsed = item.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Forgets the process's session keys (tests that restart the provider). */
export const forgetOnlinePbxSessions = () => sessions.clear();
