import { describe, expect, it } from 'vitest';
import { keptAfter, LATE_CALL_SECONDS, periodToAsk } from './kept-history.js';

const HOUR = 3600;
const now = 1_000 * HOUR;

describe('what of the call history is asked of the provider', () => {
  it('asks the whole period when nothing is kept, never past now', () => {
    expect(periodToAsk(null, { from: now - 168 * HOUR, till: now + 10 * HOUR }, now)).toEqual({
      from: now - 168 * HOUR,
      till: now,
    });
    expect(periodToAsk(null, { from: now + HOUR, till: now + 2 * HOUR }, now)).toBeNull();
  });

  it('asks only the kept period’s last hours again when the period starts inside what is kept', () => {
    const kept = { from: now - 168 * HOUR, till: now - HOUR };
    expect(periodToAsk(kept, { from: now - 168 * HOUR, till: now }, now)).toEqual({
      from: now - HOUR - LATE_CALL_SECONDS,
      till: now,
    });
    // An old day, long since kept: nothing to ask.
    expect(periodToAsk(kept, { from: now - 100 * HOUR, till: now - 90 * HOUR }, now)).toBeNull();
  });

  it('asks everything of a period that starts before what is kept, or after a gap', () => {
    const kept = { from: now - 10 * HOUR, till: now - 5 * HOUR };
    expect(periodToAsk(kept, { from: now - 20 * HOUR, till: now }, now)).toEqual({ from: now - 20 * HOUR, till: now });
    expect(periodToAsk(kept, { from: now - 2 * HOUR, till: now }, now)).toEqual({ from: now - 2 * HOUR, till: now });
  });

  it('joins an answered period to the kept one when they touch, else keeps only the newer', () => {
    const kept = { from: 10 * HOUR, till: 20 * HOUR };
    expect(keptAfter(kept, { from: 17 * HOUR, till: 30 * HOUR })).toEqual({ from: 10 * HOUR, till: 30 * HOUR });
    expect(keptAfter(kept, { from: 5 * HOUR, till: 12 * HOUR })).toEqual({ from: 5 * HOUR, till: 20 * HOUR });
    expect(keptAfter(kept, { from: 25 * HOUR, till: 30 * HOUR })).toEqual({ from: 25 * HOUR, till: 30 * HOUR });
    expect(keptAfter(null, { from: HOUR, till: 2 * HOUR })).toEqual({ from: HOUR, till: 2 * HOUR });
  });
});
