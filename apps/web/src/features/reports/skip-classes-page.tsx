import type { SkipClassesRow } from '@crm/contracts';
import { Alert, Empty, Flex, InputNumber, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { dateText } from '../groups/dates';
import { tablePagination } from '../groups/table-pagination';
import { monthPeriod, ReportFilterBar, ReportHeader, useReportFilters } from './report-filters';
import { downloadReport, useSkipClasses } from './reports-api';

/** The server's defaults (contracts skipClassesQuerySchema), shown filled in. */
const DEFAULT_IN_A_ROW = 3;
const DEFAULT_PERCENT = 30;

/** Spec §2 reports/skip-classes: students who missed N lessons in a row, or more than X% of them. */
export function SkipClassesPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchSkipClasses key={branch} branchId={branch} />;
}

function Threshold({
  label,
  value,
  suffix,
  onChange,
}: {
  label: string;
  value: number;
  suffix?: string;
  onChange: (value: number) => void;
}) {
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <InputNumber
        aria-label={label}
        min={1}
        max={100}
        precision={0}
        value={value}
        suffix={suffix}
        onChange={(next) => typeof next === 'number' && onChange(next)}
        style={{ width: 90 }}
      />
    </Flex>
  );
}

function BranchSkipClasses({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { company } = useSession();
  const country = company?.datas.country ?? 'uz';
  const { filters, setFilter, page, setPage } = useReportFilters({
    ...monthPeriod(),
    in_a_row: DEFAULT_IN_A_ROW,
    percent: DEFAULT_PERCENT,
  });
  const query = useMemo(() => ({ ...filters, branch_id: branchId }), [filters, branchId]);
  const report = useSkipClasses(query, page);
  const pagination = report.data?.pagination;
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page, setPage]);

  const columns: TableColumnsType<SkipClassesRow> = [
    {
      title: t('reports.columns.student'),
      key: 'student',
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/students/profile/${row.student.id}`}>{row.student.name}</Link>
          {row.student.phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {phoneText(row.student.phone, country)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('reports.columns.group'),
      key: 'group',
      render: (_, row) => <Link to={`/groups/${row.group.id}`}>{row.group.title}</Link>,
    },
    { title: t('reports.columns.teacher'), key: 'teacher', render: (_, row) => row.teacher.name },
    {
      title: t('reports.columns.longestRun'),
      key: 'run',
      align: 'right',
      render: (_, row) => (
        <Tag color={row.longest_run >= filters.in_a_row ? 'red' : 'default'} style={{ marginInlineEnd: 0 }}>
          {row.longest_run}
        </Tag>
      ),
    },
    {
      title: t('reports.columns.absentsOfLessons'),
      key: 'absents',
      align: 'right',
      render: (_, row) => t('reports.skip.absentsOf', { absents: row.absents, lessons: row.lessons }),
    },
    {
      title: t('reports.columns.percent'),
      key: 'percent',
      render: (_, row) => (
        <Progress
          percent={row.percent}
          size="small"
          status={row.percent > filters.percent ? 'exception' : 'normal'}
          format={(value) => `${value}%`}
          aria-label={t('reports.columns.percent')}
          style={{ width: 120, margin: 0 }}
        />
      ),
    },
    { title: t('reports.columns.lastAbsent'), key: 'last', render: (_, row) => dateText(row.last_absent) },
  ];

  return (
    <Flex vertical gap={16}>
      <ReportHeader
        title={t('reports.skip.title')}
        onDownload={() =>
          downloadReport(
            '/reports/skip-classes/export',
            { ...query, lang: i18n.language },
            `skip-classes-${query.from}_${query.till}.xlsx`,
          )
        }
      />
      <ReportFilterBar
        branchId={branchId}
        filters={filters}
        onChange={setFilter}
        extra={
          <>
            <Threshold
              label={t('reports.filters.inARow')}
              value={filters.in_a_row}
              onChange={(in_a_row) => setFilter({ in_a_row })}
            />
            <Threshold
              label={t('reports.filters.percent')}
              value={filters.percent}
              suffix="%"
              onChange={(percent) => setFilter({ percent })}
            />
          </>
        }
      />
      <Typography.Text type="secondary">
        {t('reports.skip.hint', { inARow: filters.in_a_row, percent: filters.percent })}
      </Typography.Text>
      {report.isError && !isHandledGlobally(report.error) && (
        <Alert type="error" showIcon title={errorMessage(t, report.error)} />
      )}
      <Table
        rowKey={(row) => `${row.group.id}-${row.student.id}`}
        columns={columns}
        dataSource={report.data?.data}
        loading={report.isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: report.isPending ? ' ' : <Empty description={t('reports.skip.empty')} /> }}
        pagination={tablePagination(pagination, page, setPage)}
      />
    </Flex>
  );
}
