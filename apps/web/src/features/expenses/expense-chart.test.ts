import type { ExpenseChart } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n/i18n';
import { chartPeriod, expenseChartOption } from './expense-chart';

beforeAll(() => changeLanguage('en', false));

describe('the expense chart', () => {
  it('shows at least the half year that ends with the period, and at most five years', () => {
    expect(chartPeriod('2026-03-01', '2026-03-31')).toEqual({ from_date: '2025-10-01', to_date: '2026-03-31' });
    expect(chartPeriod('2025-01-15', '2026-03-10')).toEqual({ from_date: '2025-01-01', to_date: '2026-03-31' });
    expect(chartPeriod('2010-01-01', '2026-03-10')).toEqual({ from_date: '2021-04-01', to_date: '2026-03-31' });
  });

  it('stacks one bar series per category, named in the reader’s words, with money in the tooltip', () => {
    const chart: ExpenseChart = {
      months: ['2026-02', '2026-03'],
      month_amount: [3_200_000, 500_000],
      categories: [
        { category: 'rent', type: null },
        { category: null, type: { id: 3, name: 'Internet' } },
      ],
      category_amount: [3_000_000, 700_000],
      amounts: [
        [3_000_000, 0],
        [200_000, 500_000],
      ],
    };
    const option = expenseChartOption(chart, i18n.t, 'UZS') as {
      xAxis: { data: string[] };
      series: { name: string; stack: string; type: string; data: number[] }[];
      tooltip: { valueFormatter: (v: number) => string };
    };
    expect(option.xAxis.data).toEqual(['Feb 2026', 'Mar 2026']);
    expect(option.series.map((s) => [s.name, s.type, s.stack, s.data])).toEqual([
      ['Rent', 'bar', 'expenses', [3_000_000, 0]],
      ['Internet', 'bar', 'expenses', [200_000, 500_000]],
    ]);
    expect(option.tooltip.valueFormatter(1_250_000)).toBe('1 250 000 UZS');
  });
});
