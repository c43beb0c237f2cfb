import type { MoneyChart } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n/i18n';
import { moneyChartOption, stepLabel } from './money-chart-card';
import { paymentsByOption } from './payments-by-chart';

beforeAll(() => changeLanguage('en', false));

type BarOption = {
  xAxis: { data: string[] };
  series: { name: string; type: string; data: number[] }[];
  tooltip: { valueFormatter: (v: number) => string };
};

describe('the finance charts', () => {
  it('names a day by its date and a month by its name', () => {
    expect(stepLabel('2026-03-05', 'day')).toBe('05.03');
    expect(stepLabel('2026-03', 'month')).toBe('Mar 2026');
  });

  it('draws one bar per step of the period, money in the tooltip', () => {
    const chart: MoneyChart = { step: 'month', periods: ['2026-02', '2026-03'], amounts: [250_000, 0], total: 250_000 };
    const option = moneyChartOption(chart, 'UZS', 'Money in', '#59a14f') as BarOption;
    expect(option.xAxis.data).toEqual(['Feb 2026', 'Mar 2026']);
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', name: 'Money in', data: [250_000, 0] })]);
    expect(option.tooltip.valueFormatter(1_250_000)).toBe('1 250 000 UZS');
  });

  it('sets paid beside charged for each group', () => {
    const rows = [
      { title: 'ENG-4', students: 3, paid: 100, charged: 300, balance: -200 },
      { title: 'MATH-1', students: 1, paid: 50, charged: 0, balance: 50 },
    ];
    const option = paymentsByOption(rows, (r) => r.title, i18n.t, 'UZS') as BarOption;
    expect(option.xAxis.data).toEqual(['ENG-4', 'MATH-1']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Paid', [100, 50]],
      ['Charged', [300, 0]],
    ]);
  });
});
