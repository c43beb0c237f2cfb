import { createHash } from 'node:crypto';
import { ESKIZ_TOKEN_DAYS } from './protocol.js';

export interface IssuedToken {
  value: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface TokenSource {
  logIn(): Promise<IssuedToken>;
  /** PATCH /auth/refresh with a token that still works. */
  refresh(current: string): Promise<IssuedToken>;
}

/**
 * The Eskiz tokens of every account a server sends through (provider-factory.ts keeps one for the process).
 * Keyed by a hash of the address and the credentials, so the map never holds a credential. A token is asked
 * for once however many sends need it at the same moment; renewed by PATCH /auth/refresh when it nears its
 * end (Eskiz's last for 30 days), so the password travels once a month; replaced by a new log-in when Eskiz
 * refuses it (a changed password, a revoked token).
 */
export class EskizTokens {
  private readonly entries = new Map<string, Promise<IssuedToken>>();

  /** `renewBeforeMs`: how long before its end a token is renewed. */
  constructor(readonly renewBeforeMs = 24 * 3_600_000) {}

  static keyOf(baseUrl: string, email: string, password: string): string {
    return createHash('sha256')
      .update(JSON.stringify([baseUrl, email, password]))
      .digest('hex');
  }

  /** A token to call with; `refused`: the token Eskiz just answered 401 to. */
  async token(key: string, source: TokenSource, refused?: string): Promise<string> {
    const entry = this.entries.get(key) ?? this.start(key, () => source.logIn());
    const token = await entry;
    const now = Date.now();
    if (token.value !== refused && token.expiresAt - this.renewBeforeMs > now) return token.value;
    // The first caller to find the token refused or due starts its replacement; the others join that one.
    const current = this.entries.get(key);
    if (current && current !== entry) return (await current).value;
    const stillValid = token.value !== refused && token.expiresAt > now;
    const next = this.start(key, () =>
      stillValid
        ? source
            .refresh(token.value)
            .catch(() => source.logIn())
            // Eskiz unreachable while the old token still works: keep sending with it.
            .catch((err: unknown) => (token.expiresAt > Date.now() ? token : Promise.reject(err)))
        : source.logIn(),
    );
    return (await next).value;
  }

  private start(key: string, fetchToken: () => Promise<IssuedToken>): Promise<IssuedToken> {
    const pending = fetchToken();
    this.entries.set(key, pending);
    // A failed log-in is not kept: the next send asks again.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}

/** When a token ends: its JWT `exp` claim, or the documented 30 days when it carries none. */
export function expiryOf(token: string): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    if (typeof claims.exp === 'number' && Number.isFinite(claims.exp)) return claims.exp * 1000;
  } catch {
    // Not a JWT: the documented lifetime.
  }
  return Date.now() + ESKIZ_TOKEN_DAYS * 86_400_000;
}
