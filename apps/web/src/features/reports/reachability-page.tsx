import type { Reachability } from '@crm/contracts';
import { Alert, Card, Empty, Flex, Progress, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { monthPeriod, PeriodPicker } from '../../shared/ui/period-picker';
import { leadSourceName } from '../leads/lead-options-api';
import { useReachability } from './remaining-reports-api';
import { useReportFilters } from './report-filters';
import { Figure, ReportError } from './report-parts';

/** The server answers at most this many days (the lead statistics' limit). */
const MAX_DAYS = 370;

type SourceRow = Reachability['by_source'][number];
type StaffRow = Reachability['by_staff'][number];

/** Spec §2 reports/reachbility: of the leads of a period, how many were reached, by source and by staff member. */
export function ReachabilityPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchReachability key={branch} branchId={branch} />;
}

function PercentBar({ percent }: { percent: number }) {
  return <Progress percent={percent} size="small" format={(value) => `${value}%`} style={{ width: 140, margin: 0 }} />;
}

function BranchReachability({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { filters, setFilter } = useReportFilters(monthPeriod());
  const query = useMemo(() => ({ branch_id: branchId, ...filters }), [branchId, filters]);
  const report = useReachability(query);
  const data = report.data;

  const sourceColumns: TableColumnsType<SourceRow> = [
    {
      title: t('reports.reach.source'),
      key: 'source',
      render: (_, row) => (row.source ? leadSourceName(t, row.source.name) : t('reports.reach.noSource')),
    },
    { title: t('reports.reach.leads'), dataIndex: 'leads', align: 'right' },
    { title: t('reports.reach.reached'), dataIndex: 'reached', align: 'right' },
    { title: t('reports.reach.percent'), key: 'percent', render: (_, row) => <PercentBar percent={row.percent} /> },
  ];
  const staffColumns: TableColumnsType<StaffRow> = [
    {
      title: t('reports.reach.staff'),
      key: 'staff',
      render: (_, row) => row.staff?.name ?? t('reports.reach.noStaff'),
    },
    { title: t('reports.reach.reached'), dataIndex: 'reached', align: 'right' },
    {
      title: t('reports.reach.averageHours'),
      key: 'hours',
      align: 'right',
      render: (_, row) =>
        row.average_hours === null
          ? '—'
          : t('reports.reach.hours', { hours: row.average_hours.toLocaleString(i18n.language) }),
    },
  ];
  const table = <Row,>(title: string, rowKey: (row: Row) => string, columns: TableColumnsType<Row>, rows?: Row[]) => (
    <Card size="small" title={title} style={{ flex: '1 1 420px', minWidth: 0 }}>
      <Table<Row>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={report.isFetching}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('reports.reach.empty')} /> }}
      />
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('reports.reach.title')}
      </Typography.Title>
      <PeriodPicker value={filters} onChange={setFilter} maxDays={MAX_DAYS} />
      <Alert type="info" showIcon title={t('reports.reach.counted')} />
      {report.isError && <ReportError error={report.error} onRetry={() => report.refetch()} />}
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        data && (
          <>
            <Flex wrap gap={24}>
              <Figure label={t('reports.reach.leads')} value={data.totals.leads} />
              <Figure label={t('reports.reach.reached')} value={data.totals.reached} />
              <Figure label={t('reports.reach.notReached')} value={data.totals.leads - data.totals.reached} />
              <Figure label={t('reports.reach.percent')} value={`${data.totals.percent}%`} />
            </Flex>
            <Flex wrap gap={16} align="flex-start">
              {table(
                t('reports.reach.bySource'),
                (row) => String(row.source?.id ?? 'none'),
                sourceColumns,
                data.by_source,
              )}
              {table(t('reports.reach.byStaff'), (row) => String(row.staff?.id ?? 'none'), staffColumns, data.by_staff)}
            </Flex>
          </>
        )
      )}
    </Flex>
  );
}
