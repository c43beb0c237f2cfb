import { EXPENSE_CHART_MAX_MONTHS, type ExpenseChart, formatAmount } from '@crm/contracts';
import { Alert, Card, Empty } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { Chart } from '../../shared/ui/chart';
import { formatMoney, useCurrency } from '../courses/money';
import { dayjs } from '../groups/dates';
import { bucketLabel } from './expense-labels';
import { useExpenseChart } from './expenses-api';

/** A single month makes a poor chart: it shows at least the half year that ends with the period. */
const MIN_MONTHS = 6;

export function chartPeriod(from: string, to: string) {
  const end = dayjs(to).endOf('month');
  const earliest = end.subtract(EXPENSE_CHART_MAX_MONTHS - 1, 'month').startOf('month');
  const halfYear = end.subtract(MIN_MONTHS - 1, 'month').startOf('month');
  let start = dayjs(from).startOf('month');
  if (start.isAfter(halfYear)) start = halfYear;
  if (start.isBefore(earliest)) start = earliest;
  return { from_date: start.format('YYYY-MM-DD'), to_date: end.format('YYYY-MM-DD') };
}

const monthLabel = (month: string) => {
  const text = dayjs(`${month}-01`).format('MMM YYYY');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
};

/** Twelve distinct colours (Tableau's ten and two more): the eleven standard categories and an own type apart. */
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#86bcb6',
  '#d4a6c8',
];

/** Bars stacked by category, one per month, each with its total in the tooltip. */
export function expenseChartOption(chart: ExpenseChart, t: TFunction, currency: string): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => formatMoney(value, currency),
    },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: chart.months.map(monthLabel) },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (value: number) => formatAmount(value, currency) },
    },
    series: chart.categories.map((bucket, i) => ({
      type: 'bar',
      stack: 'expenses',
      name: bucketLabel(t, bucket),
      data: chart.amounts[i],
      emphasis: { focus: 'series' },
      barMaxWidth: 48,
    })),
  };
}

/** Spec §3 "Expense charts": the branch's expenses per month, stacked by category. */
export function ExpenseChartCard({ branchId, from, to }: { branchId: number; from: string; to: string }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const period = useMemo(() => ({ branch_id: branchId, ...chartPeriod(from, to) }), [branchId, from, to]);
  const chart = useExpenseChart(period);
  const option = useMemo(
    () => (chart.data ? expenseChartOption(chart.data, t, currency) : null),
    [chart.data, t, currency],
  );
  const empty = chart.data && chart.data.categories.length === 0;
  const title = t('expenses.chart.title', {
    from: monthLabel(period.from_date.slice(0, 7)),
    to: monthLabel(period.to_date.slice(0, 7)),
  });
  return (
    <Card size="small" title={title} loading={chart.isPending}>
      {chart.isError && !isHandledGlobally(chart.error) && (
        <Alert type="error" showIcon title={errorMessage(t, chart.error)} />
      )}
      {empty && <Empty description={t('expenses.chart.empty')} />}
      {option && !empty && <Chart option={option} height={300} ariaLabel={title} />}
    </Card>
  );
}
