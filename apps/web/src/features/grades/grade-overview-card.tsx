import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { GradeOverview } from '@crm/contracts';
import { Alert, Button, Card, Empty, Flex, Segmented, Table, type TableColumnsType, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { Chart } from '../../shared/ui/chart';
import { shiftMonth } from '../attendance/attendance-model';
import { useGradeOverview } from './grades-api';
import { monthLabel } from './month-label';

type View = 'graph' | 'table';
type OverviewGroup = GradeOverview['groups'][number];

/** A chart of more lines than this is a tangle: it draws the groups with the most grades. */
export const CHART_GROUPS = 10;

/** One line per group (the busiest CHART_GROUPS), its monthly figure on the company's scale. */
export function overviewChartOption(overview: GradeOverview): EChartsCoreOption {
  const shown = [...overview.groups].sort((a, b) => b.count - a.count).slice(0, CHART_GROUPS);
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: overview.months.map(monthLabel) },
    yAxis: { type: 'value', min: 0, max: overview.calculate_average ? overview.max_score : undefined },
    series: shown.map((group) => ({ type: 'line', name: group.title, data: group.values, connectNulls: true })),
  };
}

/** Settings-grade's graph and table views: the branch's groups, their grade figure month by month. */
export function GradeOverviewCard() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [month, setMonth] = useState(() => companyToday().slice(0, 7));
  const [view, setView] = useState<View>('graph');
  const overview = useGradeOverview(branch ?? null, month);
  const data = overview.data;
  const option = useMemo(() => (data ? overviewChartOption(data) : null), [data]);
  const title = t(data?.calculate_average === false ? 'grades.overview.titleSum' : 'grades.overview.title');

  const columns: TableColumnsType<OverviewGroup> = [
    { title: t('grades.overview.group'), dataIndex: 'title', fixed: 'left', width: 180 },
    { title: t('grades.overview.teacher'), dataIndex: 'teacher', width: 160, render: (name) => name ?? '—' },
    ...(data?.months ?? []).map((m, i) => ({
      title: monthLabel(m),
      key: m,
      align: 'right' as const,
      width: 100,
      render: (_: unknown, group: OverviewGroup) => group.values[i] ?? '—',
    })),
    { title: t('grades.overview.count'), dataIndex: 'count', align: 'right', width: 90 },
  ];

  return (
    <Card
      title={title}
      extra={
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'graph', label: t('grades.overview.graph') },
            { value: 'table', label: t('grades.overview.table') },
          ]}
        />
      }
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('grades.overview.earlier')}
            onClick={() => setMonth(shiftMonth(month, -1))}
          />
          <Typography.Text strong>
            {data ? `${monthLabel(data.months[0] ?? month)} — ${monthLabel(month)}` : monthLabel(month)}
          </Typography.Text>
          <Button
            icon={<RightOutlined />}
            aria-label={t('grades.overview.later')}
            onClick={() => setMonth(shiftMonth(month, 1))}
          />
        </Flex>
        {overview.isError && !isHandledGlobally(overview.error) && (
          <Alert type="error" showIcon title={errorMessage(t, overview.error)} />
        )}
        {data && data.groups.length === 0 && <Empty description={t('grades.overview.empty')} />}
        {data && data.groups.length > 0 && view === 'graph' && option && (
          <>
            <Chart option={option} height={320} ariaLabel={title} />
            {data.groups.length > CHART_GROUPS && (
              <Typography.Text type="secondary">
                {t('grades.overview.busiest', { shown: CHART_GROUPS, total: data.groups.length })}
              </Typography.Text>
            )}
          </>
        )}
        {(view === 'table' || !data) && (data?.groups.length ?? 1) > 0 && (
          <Table<OverviewGroup>
            rowKey="id"
            size="small"
            loading={overview.isFetching}
            columns={columns}
            dataSource={data?.groups ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Flex>
    </Card>
  );
}
