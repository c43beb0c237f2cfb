import { Card, Empty, Flex, Progress, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LeftStatisticsQuery, useLeftStatistics } from './remaining-reports-api';
import { Figure, monthTitle, ReportError } from './report-parts';

interface Line {
  key: string;
  label: string;
  count: number;
}

function CountTable({
  title,
  lines,
  total,
  loading,
}: {
  title: string;
  lines: Line[];
  total: number;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} style={{ flex: '1 1 300px', minWidth: 0 }}>
      <Table<Line>
        rowKey="key"
        size="small"
        pagination={false}
        loading={loading}
        dataSource={lines}
        showHeader={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.leftStats.empty')} />,
        }}
        columns={[
          { key: 'label', dataIndex: 'label' },
          {
            key: 'count',
            align: 'right',
            render: (_, line) => (
              <Flex gap={8} align="center" justify="flex-end">
                <Progress
                  percent={total ? Math.round((line.count * 100) / total) : 0}
                  showInfo={false}
                  size="small"
                  style={{ width: 80, margin: 0 }}
                />
                <span style={{ minWidth: 24 }}>{line.count}</span>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * Spec §2 "Statistics by teachers, courses, months, reasons" of the students who left: the departures of the
 * left-students page's filters, counted four ways (GET /reports/left-students/statistics).
 */
export function LeftStudentsStatistics({ query }: { query: LeftStatisticsQuery }) {
  const { t } = useTranslation();
  const statistics = useLeftStatistics(query);
  const data = statistics.data;
  if (statistics.isError) return <ReportError error={statistics.error} onRetry={() => statistics.refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const loading = statistics.isFetching;
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={24} align="flex-end">
        <Figure label={t('reports.leftStats.total')} value={data.total} />
        <Typography.Text type="secondary">{t('reports.leftStats.hint')}</Typography.Text>
      </Flex>
      <Flex wrap gap={16} align="flex-start">
        <CountTable
          title={t('reports.leftStats.byTeacher')}
          total={data.total}
          loading={loading}
          lines={data.by_teacher.map((row) => ({
            key: String(row.teacher.id),
            label: row.teacher.name,
            count: row.count,
          }))}
        />
        <CountTable
          title={t('reports.leftStats.byCourse')}
          total={data.total}
          loading={loading}
          lines={data.by_course.map((row) => ({
            key: String(row.course.id),
            label: row.course.name,
            count: row.count,
          }))}
        />
        <CountTable
          title={t('reports.leftStats.byMonth')}
          total={data.total}
          loading={loading}
          lines={data.by_month.map((row) => ({ key: row.month, label: monthTitle(row.month), count: row.count }))}
        />
        <CountTable
          title={t('reports.leftStats.byReason')}
          total={data.total}
          loading={loading}
          lines={data.by_reason.map((row) => ({
            key: String(row.reason?.id ?? 'none'),
            label: row.reason?.name ?? t('reports.leftStats.noReason'),
            count: row.count,
          }))}
        />
      </Flex>
    </Flex>
  );
}
