import { decodeJwt, SignJWT } from 'jose';
import { TEST_JWT_SECRET } from '../helpers.js';

/**
 * The tokens an attacker of company B's data can bring: none, forged (another secret), expired,
 * `alg: none`, and correctly signed ones whose company claim names B. Each is built from a real
 * session of company A, so only the one thing under test is wrong.
 */
export type Credential =
  | 'none'
  | 'forged'
  | 'expired'
  | 'alg-none'
  | 'claims-other-company'
  | 'claims-other-company-owner';

export const BAD_CREDENTIALS: Credential[] = [
  'none',
  'forged',
  'expired',
  'alg-none',
  'claims-other-company',
  'claims-other-company-owner',
];

interface Claims {
  sub: string;
  cid: number;
  sid: string;
  rol: number[];
}

const sign = (claims: Claims, secret: string, expiresAt: number) =>
  new SignJWT({ cid: claims.cid, sid: claims.sid, rol: claims.rol })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The bad tokens made from `homeToken` (a live session of company A); `foreign` names company B and its owner. */
export async function badTokens(
  homeToken: string,
  foreign: { companyId: number; ownerId: number },
): Promise<Record<Credential, string | undefined>> {
  const real = decodeJwt(homeToken) as unknown as Claims;
  const claims: Claims = { sub: real.sub, cid: real.cid, sid: real.sid, rol: [8, 1] };
  const later = Math.floor(Date.now() / 1000) + 3600;
  return {
    none: undefined,
    forged: await sign(claims, 'another-secret-that-is-long-enough-for-hs256-9876543210', later),
    expired: await sign(claims, TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 60),
    'alg-none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, exp: later })}.`,
    'claims-other-company': await sign({ ...claims, cid: foreign.companyId }, TEST_JWT_SECRET, later),
    'claims-other-company-owner': await sign(
      { ...claims, cid: foreign.companyId, sub: String(foreign.ownerId) },
      TEST_JWT_SECRET,
      later,
    ),
  };
}
