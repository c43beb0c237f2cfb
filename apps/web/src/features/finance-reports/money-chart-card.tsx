import { formatAmount, type MoneyChart } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Empty } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { Chart } from '../../shared/ui/chart';
import { formatMoney, useCurrency } from '../courses/money';
import { dayjs } from '../groups/dates';
import { type BranchPeriod, useCreditChart, useDebitChart, type WithdrawFilters } from './finance-reports-api';

/** "05.03" for a day, "Mar 2026" for a month. */
export function stepLabel(period: string, step: MoneyChart['step']): string {
  if (step === 'day') return dayjs(period).format('DD.MM');
  const text = dayjs(`${period}-01`).format('MMM YYYY');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** One bar per day or month, money in the tooltip and on the axis. */
export function moneyChartOption(chart: MoneyChart, currency: string, name: string, color: string): EChartsCoreOption {
  return {
    color: [color],
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => formatMoney(value, currency),
    },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: chart.periods.map((p) => stepLabel(p, chart.step)) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatAmount(value, currency) } },
    series: [{ type: 'bar', name, data: chart.amounts, barMaxWidth: 40 }],
  };
}

interface ChartCardProps {
  title: string;
  empty: string;
  color: string;
  query: UseQueryResult<MoneyChart>;
}

function MoneyChartCard({ title, empty, color, query }: ChartCardProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const chart = query.data;
  const option = useMemo(
    () => (chart ? moneyChartOption(chart, currency, title, color) : null),
    [chart, currency, title, color],
  );
  const nothing = chart?.amounts.every((amount) => amount === 0) ?? false;
  return (
    <Card
      size="small"
      title={title}
      loading={query.isPending}
      extra={chart && !nothing ? <strong>{formatMoney(chart.total, currency)}</strong> : null}
    >
      {query.isError && !isHandledGlobally(query.error) && (
        <Alert type="error" showIcon title={errorMessage(t, query.error)} />
      )}
      {nothing && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
      {option && !nothing && <Chart option={option} height={260} ariaLabel={title} />}
    </Card>
  );
}

/** Spec §7 debit_char: money in per day (per month for a long period), on the payments page. */
export function DebitChartCard({ period }: { period: BranchPeriod }) {
  const { t } = useTranslation();
  const query = useDebitChart(period);
  return (
    <MoneyChartCard
      title={t('financeReports.debitChart.title')}
      empty={t('financeReports.debitChart.empty')}
      color="#59a14f"
      query={query}
    />
  );
}

/** Spec §7 credit_char: the charges per day or month (of one group when filtered), on the withdrawals page. */
export function CreditChartCard({ period }: { period: WithdrawFilters }) {
  const { t } = useTranslation();
  const query = useCreditChart(period);
  return (
    <MoneyChartCard
      title={t('financeReports.creditChart.title')}
      empty={t('financeReports.creditChart.empty')}
      color="#e15759"
      query={query}
    />
  );
}
