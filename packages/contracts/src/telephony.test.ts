import { describe, expect, it } from 'vitest';
import { callNumberVariants, callTypeOf, displayCallNumber } from './telephony.js';

describe('the call log’s numbers (spec §7)', () => {
  it('searches a phone with the company’s country code, or 998, and bare', () => {
    expect(callNumberVariants('901234567', null)).toEqual(['998901234567', '901234567']);
    expect(callNumberVariants('+998 90 123 45 67', '998')).toEqual(['998901234567', '901234567']);
    expect(callNumberVariants('81234567890', '+62')).toEqual(['6281234567890', '81234567890']);
  });

  it('shows a 12-digit number with a plus and any other as it came', () => {
    expect(displayCallNumber('998901234567')).toBe('+998901234567');
    expect(displayCallNumber('101')).toBe('101');
    expect(displayCallNumber('901234567')).toBe('901234567');
  });

  it('types a call by its direction and whether anybody talked (spec §4)', () => {
    expect(callTypeOf('outbound', 30)).toBe('outbound');
    expect(callTypeOf('outbound', 0)).toBe('not_answered');
    expect(callTypeOf('inbound', 12)).toBe('inbound');
    expect(callTypeOf('inbound', 0)).toBe('missed');
  });
});
