import { formatAmount, type PaymentsFigures } from '@crm/contracts';
import { Card } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../shared/ui/chart';
import { formatMoney, useCurrency } from '../courses/money';

/** Paid beside charged for each row (a group or a course), so an unpaid group stands out. */
export function paymentsByOption<R extends PaymentsFigures>(
  rows: readonly R[],
  labelOf: (row: R) => string,
  t: TFunction,
  currency: string,
): EChartsCoreOption {
  return {
    color: ['#59a14f', '#e15759'],
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => formatMoney(value, currency),
    },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map(labelOf),
      // Every name shown, turned when many rows crowd the axis.
      axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatAmount(value, currency) } },
    series: (['paid', 'charged'] as const).map((key) => ({
      type: 'bar',
      name: t(`financeReports.columns.${key}`),
      data: rows.map((row) => row[key]),
      barMaxWidth: 32,
    })),
  };
}

interface PaymentsByChartProps<R extends PaymentsFigures> {
  title: string;
  rows: readonly R[];
  labelOf: (row: R) => string;
}

export function PaymentsByChart<R extends PaymentsFigures>({ title, rows, labelOf }: PaymentsByChartProps<R>) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const option = useMemo(() => paymentsByOption(rows, labelOf, t, currency), [rows, labelOf, t, currency]);
  return (
    <Card size="small">
      <Chart option={option} height={300} ariaLabel={title} />
    </Card>
  );
}
