import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';
import { subdomainFromName } from './sign-up-form';

describe('the hints of the sign-up form', () => {
  it('rates a password by its length and kinds of characters', () => {
    expect(passwordStrength('abc123')).toBe('short');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefgh12')).toBe('fair');
    expect(passwordStrength('Samarkand-77')).toBe('strong');
    expect(passwordStrength('correcthorsebatterystaple')).toBe('fair');
  });

  it('proposes an address from the centre’s name, in Latin letters only', () => {
    expect(subdomainFromName('Nur Academy')).toBe('nur-academy');
    expect(subdomainFromName('  Bilim  Oʻquv markazi!')).toBe('bilim-oquv-markazi');
    expect(subdomainFromName('Café Élite')).toBe('cafe-elite');
    expect(subdomainFromName('Звезда')).toBe('');
    expect(subdomainFromName('A very long name of a training centre in Tashkent')).toBe(
      'a-very-long-name-of-a-training',
    );
  });
});
