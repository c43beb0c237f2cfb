import { describe, expect, it } from 'vitest';
import { answerSource } from './answer-source';

describe('where an answer came from', () => {
  it('reads the page’s own utm parameters and the referrer', () => {
    expect(answerSource('?utm_source=fb&utm_medium=cpc&other=1', 'https://facebook.com/')).toEqual({
      utm_source: 'fb',
      utm_medium: 'cpc',
      referrer: 'https://facebook.com/',
    });
  });

  it('reads them from the embedding page inside an iframe, whose address is the referrer', () => {
    expect(answerSource('', 'https://centre.uz/courses?utm_source=google&utm_campaign=autumn')).toEqual({
      utm_source: 'google',
      utm_campaign: 'autumn',
      referrer: 'https://centre.uz/courses?utm_source=google&utm_campaign=autumn',
    });
  });

  it('cuts values to the contract’s limits and leaves out empty ones', () => {
    const source = answerSource(`?utm_source=${'x'.repeat(300)}&utm_term=`, '');
    expect(source).toEqual({ utm_source: 'x'.repeat(200) });
  });
});
