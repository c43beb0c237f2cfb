import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStepAt } from './totp.js';

// RFC 6238 appendix B: the SHA-1 key is the ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238, HMAC-SHA1, 30 s)', () => {
  it('gives the RFC test vectors', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1_111_111_109, '07081804'],
      [1_111_111_111, '14050471'],
      [1_234_567_890, '89005924'],
      [2_000_000_000, '69279037'],
      [20_000_000_000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(RFC_SECRET, totpStepAt(at(seconds)), 8), String(seconds)).toBe(code);
      // Six digits are the last six of the same number.
      expect(totpCode(RFC_SECRET, totpStepAt(at(seconds)))).toBe(code.slice(2));
    }
  });

  it('reads base32 back as written, whatever the case, spaces and padding', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7, 77]);
    const text = base32Encode(bytes);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(`${text.toLowerCase().replace(/(.{4})/g, '$1 ')}===`)).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(() => base32Decode('ABC1')).toThrow();
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the step before and after, not two away', () => {
    const now = at(1_111_111_111);
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1])
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBe(step + offset);
    for (const offset of [-2, 2])
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('never accepts a step already spent, nor an earlier one', () => {
    const now = at(1_111_111_111);
    const step = totpStepAt(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step - 1)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('writes the otpauth URI an authenticator app scans', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'ali', 'CRM console'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/CRM console:ali');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'CRM console',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
