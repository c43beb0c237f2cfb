import type { AttendanceCounts, AttendanceReportRow } from '@crm/contracts';
import { Alert, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { StudentStatusTag } from '../groups/group-tags';
import { tablePagination } from '../groups/table-pagination';
import { monthPeriod, ReportFilterBar, ReportHeader, useReportFilters } from './report-filters';
import { downloadReport, useAttendanceReport } from './reports-api';

const COUNTS = ['visits', 'absents', 'misses', 'all'] as const satisfies readonly (keyof AttendanceCounts)[];

/** Visits of the lessons that have ended (present, absent or not marked), whole percent; none ended: no rate. */
export function attendanceRate(counts: AttendanceCounts): string {
  const ended = counts.visits + counts.absents + counts.misses;
  return ended ? `${Math.round((counts.visits * 100) / ended)}%` : '—';
}

/** Spec §2 reports/attendance, §3 "Attendance report": visits, absents, misses and all per student and group. */
export function AttendanceReportPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchAttendanceReport key={branch} branchId={branch} />;
}

function BranchAttendanceReport({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { filters, setFilter, page, setPage } = useReportFilters(monthPeriod());
  const query = useMemo(() => ({ ...filters, branch_id: branchId }), [filters, branchId]);
  const report = useAttendanceReport(query, page);
  const pagination = report.data?.pagination;
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page, setPage]);

  const columns: TableColumnsType<AttendanceReportRow> = [
    {
      title: t('reports.columns.student'),
      key: 'student',
      render: (_, row) => <Link to={`/students/profile/${row.student.id}`}>{row.student.name}</Link>,
    },
    {
      title: t('reports.columns.group'),
      key: 'group',
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/groups/${row.group.id}`}>{row.group.title}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.course.name} · {row.teacher.name}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('reports.columns.status'), key: 'status', render: (_, row) => <StudentStatusTag status={row.status} /> },
    ...COUNTS.map((key) => ({
      title: t(`reports.columns.${key}`),
      key,
      align: 'right' as const,
      render: (_: unknown, row: AttendanceReportRow) => row[key],
    })),
    {
      title: t('reports.columns.rate'),
      key: 'rate',
      align: 'right',
      render: (_, row) => attendanceRate(row),
    },
  ];

  const totals = report.data?.totals;
  return (
    <Flex vertical gap={16}>
      <ReportHeader
        title={t('reports.attendance.title')}
        onDownload={() =>
          downloadReport(
            '/attendance_report/export',
            { ...query, lang: i18n.language },
            `attendance-${query.from}_${query.till}.xlsx`,
          )
        }
      />
      <ReportFilterBar branchId={branchId} filters={filters} onChange={setFilter} />
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
        locale={{
          emptyText: report.isPending ? ' ' : <Empty description={t('reports.attendance.empty')} />,
        }}
        pagination={tablePagination(pagination, page, setPage)}
        summary={() =>
          totals && report.data?.data.length ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <Typography.Text strong>
                    {t('reports.attendance.totals', { count: pagination?.total ?? 0 })}
                  </Typography.Text>
                </Table.Summary.Cell>
                {COUNTS.map((key, index) => (
                  <Table.Summary.Cell key={key} index={index + 3} align="right">
                    <Typography.Text strong>{totals[key]}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={7} align="right">
                  <Typography.Text strong>{attendanceRate(totals)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Flex>
  );
}
