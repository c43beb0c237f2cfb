import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FormField, formAnswerSchema, formFieldSchema, npsOf } from './form-fields.js';

const field = (raw: object): FormField => formFieldSchema.parse(raw);

describe('NPS', () => {
  it('is the share of promoters less the share of detractors, between −100 and 100', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 200 }), (scores) => {
        const nps = npsOf(scores);
        expect(nps.promoters + nps.passives + nps.detractors).toBe(scores.length);
        expect(nps.promoters).toBe(scores.filter((s) => s >= 9).length);
        expect(nps.detractors).toBe(scores.filter((s) => s <= 6).length);
        expect(nps.score).toBe(Math.round(((nps.promoters - nps.detractors) * 100) / scores.length));
        expect(nps.score).toBeGreaterThanOrEqual(-100);
        expect(nps.score).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('has no score without answers, and the textbook figures for known sets', () => {
    expect(npsOf([])).toEqual({ count: 0, promoters: 0, passives: 0, detractors: 0, score: null });
    expect(npsOf([10, 10, 10]).score).toBe(100);
    expect(npsOf([0, 6, 3]).score).toBe(-100);
    expect(npsOf([9, 8, 6, 10]).score).toBe(25);
  });
});

describe('an answer to a form', () => {
  const fields = [
    field({ key: 'a', type: 'several_of_list', label: 'A', options: ['x', 'y', 'z'], required: true }),
    field({ key: 'p', type: 'phone', label: 'Phone' }),
    field({ key: 'n', type: 'nps', label: 'NPS' }),
    field({ key: 't', type: 'text', label: 'Shown only' }),
  ];

  it('keeps each ticked option once, the phone as national digits and the NPS as a number', () => {
    const parsed = formAnswerSchema(fields, 'uz').parse({
      a: ['x', 'y', 'x'],
      p: '+998 (90) 111-22-33',
      n: '7',
      t: 'x',
    });
    expect(parsed).toEqual({ a: ['x', 'y'], p: '901112233', n: 7 });
  });

  it('reads an Indonesian number by its own country’s length', () => {
    const phone = [field({ key: 'p', type: 'phone', label: 'Phone', required: true })];
    expect(formAnswerSchema(phone, 'id').safeParse({ p: '0812 3456 7890 1' }).success).toBe(false);
    expect(formAnswerSchema(phone, 'id').parse({ p: '+62 8123 4567 8901' })).toEqual({ p: '812345678901' });
  });

  it('refuses a required question left blank and a paragraph that asks for an answer', () => {
    const result = formAnswerSchema(fields, 'uz').safeParse({ a: [] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['a', 'required']]);
    expect(formFieldSchema.safeParse({ key: 't', type: 'text', label: 'x', required: true }).success).toBe(false);
  });
});
