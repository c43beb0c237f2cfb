import { isRoleId, type RoleId } from '@crm/contracts';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  companyId: number;
  sessionId: string;
  roles: RoleId[];
}

export const SESSION_DAYS = 30;

/** How many verified tokens are remembered: about one per signed-in browser of a busy server. */
const VERIFIED_TOKENS = 5_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry: a browser sends the same token on every request,
   * and checking its signature again was a twentieth of the server's time per request under load
   * (docs/performance.md). The same string carries the same signature, so remembering it skips nothing but
   * the arithmetic; expiry is still checked on every use, and a signed-out session is refused by its row.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ cid: claims.companyId, sid: claims.sessionId, rol: claims.roles })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const { cid, sid, rol } = payload as { cid?: unknown; sid?: unknown; rol?: unknown };
      if (!Number.isSafeInteger(userId) || typeof cid !== 'number' || typeof sid !== 'string') return undefined;
      const roles = Array.isArray(rol) ? rol.filter((r): r is RoleId => typeof r === 'number' && isRoleId(r)) : [];
      const claims = { userId, companyId: cid, sessionId: sid, roles };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch {
      return undefined;
    }
  }

  private remember(token: string, claims: TokenClaims, expiresAtMs: number): void {
    // A Map iterates in insertion order: when full, the oldest entry goes.
    if (this.verified.size >= VERIFIED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}
