import type { CoursePerformance, TeacherPerformance } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import {
  type PerformanceFilters,
  type PerformanceSource,
  useCoursePerformance,
  useTeacherPerformance,
} from './performance-api';
import { type PerformanceRow, PerformanceTable } from './performance-table';

type Report = TeacherPerformance | CoursePerformance;

/** A request's error in words with a retry, else nothing (a 401 or plain 403 is answered app-wide). */
export function LoadError({ query }: { query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'> }) {
  const { t } = useTranslation();
  if (!query.isError || isHandledGlobally(query.error)) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(t, query.error)}
      action={
        <Button size="small" onClick={() => void query.refetch()}>
          {t('performance.retry')}
        </Button>
      }
    />
  );
}

/** A report's table: skeleton on the first load, its error with a retry, the table (or its empty state). */
function ReportTable({
  report,
  rows,
  nameTitle,
  renderName,
  empty,
}: {
  report: UseQueryResult<Report>;
  rows: PerformanceRow[] | undefined;
  nameTitle: string;
  renderName: (row: PerformanceRow) => ReactNode;
  empty: string;
}) {
  return (
    <Flex vertical gap={12}>
      <LoadError query={report} />
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <PerformanceTable
          rows={rows}
          total={report.data?.total}
          policies={report.data?.policies}
          nameTitle={nameTitle}
          renderName={renderName}
          loading={report.isFetching}
          empty={<Empty description={empty} />}
        />
      )}
    </Flex>
  );
}

/** The teachers' table; a name opens the teacher's profile. */
export function TeacherResult({ filters, source }: { filters: PerformanceFilters; source: PerformanceSource }) {
  const { t } = useTranslation();
  const report = useTeacherPerformance(filters, source);
  const rows = useMemo(
    () => report.data?.data.map(({ teacher, ...figures }) => ({ ...figures, ref: teacher })),
    [report.data],
  );
  return (
    <ReportTable
      report={report}
      rows={rows}
      nameTitle={t('performance.columns.teacher')}
      renderName={(row) => <Link to={`/teachers/profile/${row.ref.id}`}>{row.ref.name}</Link>}
      empty={t('performance.teachers.empty')}
    />
  );
}

/** The courses' table; a level is named under its course ("English · B1"). */
export function CourseResult({ filters, source }: { filters: PerformanceFilters; source: PerformanceSource }) {
  const { t } = useTranslation();
  const report = useCoursePerformance(filters, source);
  const rows = useMemo(
    () => report.data?.data.map(({ course, ...figures }) => ({ ...figures, ref: course })),
    [report.data],
  );
  return (
    <ReportTable
      report={report}
      rows={rows}
      nameTitle={t('performance.columns.course')}
      renderName={(row) => row.ref.name}
      empty={t('performance.courses.empty')}
    />
  );
}
