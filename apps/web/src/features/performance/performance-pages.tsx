import { Flex, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { downloadPerformance, type PerformanceBy } from './performance-api';
import { PerformanceFilterBar, PerformanceHeader, usePerformanceFilters } from './performance-filters';
import { CourseResult, TeacherResult } from './performance-result';
import { StudentsActivityView } from './students-activity';

/** The figures count a student once per group (docs/reports.md): said once under the filters. */
function CountingNote() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('performance.note')}
    </Typography.Text>
  );
}

/** A page of one branch: the header's branch switcher redraws it from scratch. */
function ForBranch({ render }: { render: (branchId: number) => ReactNode }) {
  const { branch } = useSession();
  return branch === null ? null : <div key={branch}>{render(branch)}</div>;
}

function BranchTable({ branchId, by }: { branchId: number; by: PerformanceBy }) {
  const { t, i18n } = useTranslation();
  const { filters, setFilter, query } = usePerformanceFilters(branchId);
  const Result = by === 'teacher' ? TeacherResult : CourseResult;
  return (
    <Flex vertical gap={16}>
      <PerformanceHeader
        title={t(by === 'teacher' ? 'performance.teachers.title' : 'performance.courses.title')}
        onDownload={() => downloadPerformance(by, query, i18n.language)}
      />
      <PerformanceFilterBar branchId={branchId} filters={filters} onChange={setFilter} />
      <CountingNote />
      <Result filters={query} source="performance" />
    </Flex>
  );
}

/** Spec §2 performance_teachers/list: each teacher's students, departures, attendance, conversion and income. */
export function TeacherPerformancePage() {
  return <ForBranch render={(branchId) => <BranchTable branchId={branchId} by="teacher" />} />;
}

/** Spec §2 performance_courses/list: the same figures per course (a level on its own row). */
export function CoursePerformancePage() {
  return <ForBranch render={(branchId) => <BranchTable branchId={branchId} by="course" />} />;
}

type Tab = PerformanceBy | 'activity';

function BranchReport({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { filters, setFilter, query } = usePerformanceFilters(branchId);
  const [tab, setTab] = useState<Tab>('teacher');
  return (
    <Flex vertical gap={16}>
      <PerformanceHeader
        title={t('performance.report.title')}
        onDownload={tab === 'activity' ? undefined : () => downloadPerformance(tab, query, i18n.language)}
      />
      <PerformanceFilterBar branchId={branchId} filters={filters} onChange={setFilter} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        destroyOnHidden
        items={[
          {
            key: 'teacher',
            label: t('performance.report.teachers'),
            children: <TeacherResult filters={query} source="reports" />,
          },
          {
            key: 'course',
            label: t('performance.report.courses'),
            children: <CourseResult filters={query} source="reports" />,
          },
          {
            key: 'activity',
            label: t('performance.report.activity'),
            children: <StudentsActivityView filters={query} />,
          },
        ]}
      />
      <CountingNote />
    </Flex>
  );
}

/** Spec §2 reports/performance: both tables and the students' activity by month, for the reports area. */
export function ReportsPerformancePage() {
  return <ForBranch render={(branchId) => <BranchReport branchId={branchId} />} />;
}
