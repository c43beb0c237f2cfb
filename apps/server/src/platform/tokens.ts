import { isRoleId, type RoleId } from '@crm/contracts';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  companyId: number;
  sessionId: string;
  roles: RoleId[];
}

export const SESSION_DAYS = 30;

export class TokenService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const { cid, sid, rol } = payload as { cid?: unknown; sid?: unknown; rol?: unknown };
      if (!Number.isSafeInteger(userId) || typeof cid !== 'number' || typeof sid !== 'string') return undefined;
      const roles = Array.isArray(rol) ? rol.filter((r): r is RoleId => typeof r === 'number' && isRoleId(r)) : [];
      return { userId, companyId: cid, sessionId: sid, roles };
    } catch {
      return undefined;
    }
  }
}
