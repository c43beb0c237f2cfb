import { describe, expect, it } from 'vitest';
import { analyzeSmsText, renderSmsText, replaceTypographicApostrophes, unknownSmsVariables } from './sms-text.js';

describe('SMS parts', () => {
  it('counts GSM-7: 160 in one, 153 a part, extension characters twice', () => {
    expect(analyzeSmsText('a'.repeat(160))).toMatchObject({ alphabet: 'gsm7', parts: 1, length: 160 });
    expect(analyzeSmsText('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153, leftInPart: 145 });
    expect(analyzeSmsText('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(analyzeSmsText('a'.repeat(307))).toMatchObject({ parts: 3 });
    expect(analyzeSmsText('€'.repeat(80))).toMatchObject({ alphabet: 'gsm7', length: 160, parts: 1 });
    expect(analyzeSmsText('€'.repeat(81))).toMatchObject({ length: 162, parts: 2 });
  });

  it('counts Cyrillic as UCS-2: 70 in one, 67 a part', () => {
    expect(analyzeSmsText('я'.repeat(70))).toMatchObject({ alphabet: 'ucs2', parts: 1, nonGsmCharacters: ['я'] });
    expect(analyzeSmsText('я'.repeat(71))).toMatchObject({ parts: 2, perPart: 67 });
    expect(analyzeSmsText('я'.repeat(135))).toMatchObject({ parts: 3 });
    expect(analyzeSmsText('Привет').gsmAfterReplacing).toBe(false);
  });

  it('finds that Uzbek Latin’s ʻ makes a text UCS-2 and that replacing it makes it GSM-7 again', () => {
    const text = 'Hurmatli ota-ona, Oʻgʻilingiz darsga keldi';
    const info = analyzeSmsText(text);
    expect(info).toMatchObject({ alphabet: 'ucs2', nonGsmCharacters: ['ʻ'], gsmAfterReplacing: true });
    const replaced = replaceTypographicApostrophes(text);
    expect(replaced).toBe("Hurmatli ota-ona, O'g'ilingiz darsga keldi");
    expect(analyzeSmsText(replaced).alphabet).toBe('gsm7');
  });

  it('answers no part for an empty text', () => {
    expect(analyzeSmsText('')).toMatchObject({ parts: 0, leftInPart: 160 });
  });
});

describe('SMS variables', () => {
  it('fills known variables, blanks missing values and keeps unknown braces', () => {
    expect(renderSmsText('{student_name}: {debt} {x}', { student_name: 'Ali' })).toBe('Ali:  {x}');
    expect(unknownSmsVariables('{student_name} {studnet_name}')).toEqual(['studnet_name']);
  });
});
