import { Role } from '@crm/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

const claims = { userId: 7, companyId: 3, sessionId: '5b0f8a52-1d43-4c4e-9d55-1f3b1f8f6a10', roles: [Role.admin] };
const service = () => new TokenService('s'.repeat(48));

describe('tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a signed token, again and again with the same claims', async () => {
    const tokens = service();
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a token once it has expired, also one verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00Z') });
    const tokens = service();
    const token = await tokens.sign(claims, new Date('2026-11-21T10:01:00Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-21T10:02:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    // A fresh service (another process) refuses it by the signature check's own expiry test.
    expect(await service().verify(token)).toBeUndefined();
  });

  it('refuses a token whose signature or payload was changed, and one signed with another secret', async () => {
    const tokens = service();
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    await tokens.verify(token);
    const [header, payload, signature = ''] = token.split('.');
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${otherSignature}`)).toBeUndefined();
    const richer = Buffer.from(JSON.stringify({ sub: '1', cid: 3, sid: claims.sessionId, rol: [Role.ceo] })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${richer}.${signature}`)).toBeUndefined();
    const foreign = await new TokenService('x'.repeat(48)).sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(foreign)).toBeUndefined();
  });
});
