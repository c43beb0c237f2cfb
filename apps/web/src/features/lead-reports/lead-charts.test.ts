import { describe, expect, it } from 'vitest';
import { conversionOption, funnelOption, percentOf, sourcesOption } from './lead-charts';

type Series = { data: unknown[]; label?: { formatter: (p: { name: string; value: number }) => string } }[];

describe('lead statistics charts', () => {
  it('rounds a share to a whole percent, and has none of nothing', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('draws one bar a day, labelled day.month', () => {
    const option = conversionOption(
      [
        { conversion_date: '2026-03-01', lead_count: 2 },
        { conversion_date: '2026-03-02', lead_count: 0 },
      ],
      'Set',
    ) as { xAxis: { data: string[] }; series: Series };
    expect(option.xAxis.data).toEqual(['01.03', '02.03']);
    expect(option.series[0]?.data).toEqual([2, 0]);
  });

  it('names the leads without a source', () => {
    const option = sourcesOption(
      [
        { source: 'Instagram', leads_count: 3 },
        { source: '', leads_count: 1 },
      ],
      'No source',
    ) as { series: Series };
    expect(option.series[0]?.data).toEqual([
      { name: 'Instagram', value: 3 },
      { name: 'No source', value: 1 },
    ]);
  });

  it('shows the funnel stages in order with their share of all leads', () => {
    const option = funnelOption({ leads: 8, waiting_or_set: 5, trial: 3, paid: 1 }, (stage) => stage) as {
      series: Series;
    };
    const series = option.series[0];
    expect(series?.data).toEqual([
      { name: 'leads', value: 8 },
      { name: 'waiting_or_set', value: 5 },
      { name: 'trial', value: 3 },
      { name: 'paid', value: 1 },
    ]);
    expect(series?.label?.formatter({ name: 'Paid', value: 1 })).toBe('Paid: 1 (13%)');
  });
});
