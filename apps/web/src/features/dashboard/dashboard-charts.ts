import type { Dashboard } from '@crm/contracts';
import type { EChartsCoreOption } from 'echarts/core';

/** "03.26" of "2026-03": short enough for twelve labels on a phone. */
const monthLabel = (month: string) => `${month.slice(5, 7)}.${month.slice(2, 4)}`;

/**
 * The twelve months: active students as a line on the left axis and, for whoever sees money, payments as bars
 * on the right one (the two scales differ by five orders of magnitude).
 */
export function monthlyOption(
  months: Dashboard['monthly'],
  names: { students: string; payments: string },
  formatMoney: (amount: number) => string,
): EChartsCoreOption {
  const withMoney = months.some((month) => month.payments !== null);
  return {
    color: ['#4e79a7', '#59a14f'],
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: months.map((month) => monthLabel(month.month)) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      ...(withMoney ? [{ type: 'value', axisLabel: { formatter: (value: number) => compact(value) } }] : []),
    ],
    series: [
      {
        type: 'line',
        name: names.students,
        smooth: true,
        data: months.map((month) => month.active_students),
      },
      ...(withMoney
        ? [
            {
              type: 'bar',
              name: names.payments,
              yAxisIndex: 1,
              barMaxWidth: 24,
              tooltip: { valueFormatter: (value: number) => formatMoney(value) },
              data: months.map((month) => month.payments ?? 0),
            },
          ]
        : []),
    ],
  };
}

/** 12 500 000 → "12.5M" on an axis, where the full sum would not fit. */
function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${+(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(value / 1e3).toFixed(0)}K`;
  return String(value);
}

/** The change from last month in percent (rounded); none when last month had nothing. */
export const changeOf = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 100);

/** The months from the first with any figure on, and never fewer than the last three. */
export function sinceFirstFigures(months: Dashboard['monthly']): Dashboard['monthly'] {
  const first = months.findIndex((month) => month.active_students > 0 || Boolean(month.payments));
  if (first < 0) return months;
  return months.slice(Math.min(first, Math.max(0, months.length - 3)));
}
