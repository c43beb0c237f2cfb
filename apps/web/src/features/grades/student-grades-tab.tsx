import type { StudentGrades } from '@crm/contracts';
import { Alert, Empty, Flex, Segmented, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { Chart } from '../../shared/ui/chart';
import { dayMonth } from '../attendance/attendance-model';
import { StudentExamResults } from '../exams/student-exam-results';
import { StudentPlacesCard } from '../rating/student-places-card';
import { useStudentGrades } from './grades-api';
import { monthLabel } from './month-label';

type View = 'chart' | 'table';
type GradeRow = StudentGrades['grades'][number];

/** A line per group over the months the student has grades in. */
export function studentChartOption(grades: StudentGrades): EChartsCoreOption {
  const months = [...new Set(grades.months.map((m) => m.month))].sort();
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: months.map(monthLabel) },
    yAxis: { type: 'value', min: 0, max: grades.calculate_average ? grades.max_score : undefined },
    series: grades.groups.map((group) => ({
      type: 'line',
      name: group.title,
      connectNulls: true,
      data: months.map(
        (month) => grades.months.find((m) => m.group_id === group.id && m.month === month)?.value ?? null,
      ),
    })),
  };
}

/**
 * A student's grades (his profile's tab; his own page): his places in the rating (with the scoring module on),
 * a line chart per month and the list of grades, then his exam balls. The places show even before a grade: attendance ranks too.
 */
export function StudentGradesTab({ studentId }: { studentId: number }) {
  return (
    <Flex vertical gap={16}>
      <StudentPlacesCard studentId={studentId} />
      <GradesOfStudent studentId={studentId} />
      <StudentExamResults studentId={studentId} />
    </Flex>
  );
}

function GradesOfStudent({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const grades = useStudentGrades(studentId);
  const [view, setView] = useState<View>('chart');
  const data = grades.data;
  const option = useMemo(() => (data ? studentChartOption(data) : null), [data]);
  if (grades.isError) {
    return isHandledGlobally(grades.error) ? null : (
      <Alert type="error" showIcon title={errorMessage(t, grades.error)} />
    );
  }
  if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (data.grades.length === 0) return <Empty description={t('grades.student.empty')} />;
  const titleOf = new Map(data.groups.map((group) => [group.id, group.title]));
  const columns: TableColumnsType<GradeRow> = [
    { title: t('grades.student.date'), dataIndex: 'date', width: 90, render: (date: string) => dayMonth(date) },
    { title: t('grades.student.group'), dataIndex: 'group_id', render: (id: number) => titleOf.get(id) ?? '—' },
    {
      title: t('grades.grade'),
      dataIndex: 'score',
      width: 90,
      align: 'right',
      render: (score: number) => t('grades.outOf', { score, max: data.max_score }),
    },
    {
      title: t('grades.student.author'),
      dataIndex: 'author',
      render: (author: GradeRow['author']) => author?.name ?? '—',
    },
  ];
  const chartShown = view === 'chart' && data.aggregate_by_month;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {t(data.calculate_average ? 'grades.student.averageNote' : 'grades.student.sumNote', { max: data.max_score })}
        </Typography.Text>
        {data.aggregate_by_month && (
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: t('grades.overview.graph') },
              { value: 'table', label: t('grades.overview.table') },
            ]}
          />
        )}
      </Flex>
      {chartShown && option && <Chart option={option} height={260} ariaLabel={t('grades.student.chartLabel')} />}
      {!chartShown && (
        <Table<GradeRow>
          rowKey={(row) => `${row.group_id}:${row.date}`}
          size="small"
          columns={columns}
          dataSource={data.grades}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Flex>
  );
}
