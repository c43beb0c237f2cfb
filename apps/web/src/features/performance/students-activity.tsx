import type { ActivityFigures, StudentsActivity } from '@crm/contracts';
import { Card, Empty, Flex, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../shared/ui/chart';
import { type PerformanceFilters, useStudentsActivity } from './performance-api';
import { LoadError } from './performance-result';

type Month = StudentsActivity['months'][number];

const FIGURES = [
  'active_at_start',
  'new_students',
  'converted',
  'left',
  'moved_out',
  'active_at_end',
] as const satisfies readonly (keyof ActivityFigures)[];

// dayjs names some months in lower case ("март"): a label reads better capitalised.
const monthLabel = (month: string) => {
  const text = dayjs(`${month}-01`).format('MMM YYYY');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
};

/**
 * A trend needs months: a period inside one month (the pages open on this month) shows the six
 * months up to it instead; a longer range is shown as chosen.
 */
export function activityPeriod(filters: PerformanceFilters): { filters: PerformanceFilters; widened: boolean } {
  const till = dayjs(filters.till);
  if (!dayjs(filters.from).isSame(till, 'month')) return { filters, widened: false };
  return {
    filters: { ...filters, from: till.subtract(5, 'month').startOf('month').format('YYYY-MM-DD') },
    widened: true,
  };
}

/** Joined and left as bars, paying at each month's end as a line: growth and losses side by side. */
export function activityOption(months: readonly Month[], t: TFunction): EChartsCoreOption {
  return {
    color: ['#59a14f', '#e15759', '#4e79a7'],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: months.map((m) => monthLabel(m.month)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: t('performance.columns.new_students'),
        data: months.map((m) => m.new_students),
        barMaxWidth: 28,
      },
      { type: 'bar', name: t('performance.columns.left'), data: months.map((m) => m.left), barMaxWidth: 28 },
      { type: 'line', name: t('performance.columns.active_at_end'), data: months.map((m) => m.active_at_end) },
    ],
  };
}

/**
 * Spec §7 /reports/students/activity on the performance report: paying students at the start and end
 * of each month of the period, who joined (and of them began paying), who left and who moved.
 */
export function StudentsActivityView({ filters: chosen }: { filters: PerformanceFilters }) {
  const { t } = useTranslation();
  const { filters, widened } = useMemo(() => activityPeriod(chosen), [chosen]);
  const report = useStudentsActivity(filters);
  const months = report.data?.months;
  const option = useMemo(() => activityOption(months ?? [], t), [months, t]);
  const hasPlaces = months?.some((m) => FIGURES.some((key) => m[key] > 0)) ?? false;

  const columns: TableColumnsType<Month> = [
    { title: t('performance.columns.month'), key: 'month', fixed: 'left', render: (_, m) => monthLabel(m.month) },
    ...FIGURES.map((key) => ({
      title: t(`performance.columns.${key}`),
      key,
      align: 'right' as const,
      render: (_: unknown, m: Month) => m[key],
    })),
  ];
  const total = report.data?.total;

  if (report.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Flex vertical gap={12}>
      <LoadError query={report} />
      {widened && (
        <Typography.Text type="secondary">
          {t('performance.activity.lastMonths', { month: monthLabel(filters.till.slice(0, 7)) })}
        </Typography.Text>
      )}
      {hasPlaces && (
        <Card size="small">
          <Chart option={option} height={280} ariaLabel={t('performance.activity.chart')} />
        </Card>
      )}
      <Table<Month>
        rowKey={(m) => m.month}
        size="middle"
        columns={columns}
        dataSource={hasPlaces ? months : []}
        loading={report.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: <Empty description={t('performance.activity.empty')} /> }}
        summary={() =>
          total && hasPlaces ? (
            <Table.Summary.Row data-testid="activity-totals">
              <Table.Summary.Cell index={0}>
                <strong>{t('performance.columns.total')}</strong>
              </Table.Summary.Cell>
              {FIGURES.map((key, index) => (
                <Table.Summary.Cell key={key} index={index + 1} align="right">
                  <strong>{total[key]}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Flex>
  );
}
