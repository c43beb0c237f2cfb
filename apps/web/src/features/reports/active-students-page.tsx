import type { ActiveMonth, ActiveStudents } from '@crm/contracts';
import { Empty, Flex, Select, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { useCourseOptions } from '../groups/groups-api';
import { useActiveStudents } from './remaining-reports-api';
import { ChangeText, lastMonths, MonthRangePicker, type MonthSpan, monthTitle, ReportError } from './report-parts';

type Line = ActiveStudents['rows'][number];

function Cell({ month }: { month: ActiveMonth | undefined }) {
  if (!month) return null;
  return (
    <Flex vertical align="flex-end">
      <span>{month.active}</span>
      {/* A steady month says nothing more than its number. */}
      {month.change !== 0 && <ChangeText change={month.change} />}
    </Flex>
  );
}

/**
 * Spec §2 reports/active-students: students active (paying) on some day of each month, by branch and course,
 * with the change from the month before (docs/reports.md says how they are counted).
 */
export function ActiveStudentsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [span, setSpan] = useState<MonthSpan>(() => lastMonths(6));
  const [branchId, setBranchId] = useState<number | undefined>();
  const [courseId, setCourseId] = useState<number | undefined>();
  const courses = useCourseOptions();
  const query = useMemo(() => ({ ...span, branch_id: branchId, course_id: courseId }), [span, branchId, courseId]);
  const report = useActiveStudents(query);
  const data = report.data;

  const columns: TableColumnsType<Line> = [
    {
      title: t('reports.active.line'),
      key: 'line',
      fixed: 'left',
      render: (_, line) => (
        <Flex vertical>
          <span>{line.course.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {line.branch.name}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(data?.months ?? []).map((month, index) => ({
      title: monthTitle(month),
      key: month,
      align: 'right' as const,
      render: (_: unknown, line: Line) => <Cell month={line.months[index]} />,
    })),
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('reports.active.title')}
      </Typography.Title>
      <Flex wrap gap={8} align="center">
        <MonthRangePicker value={span} onChange={setSpan} />
        <Select
          allowClear
          aria-label={t('reports.filters.branch')}
          placeholder={t('reports.filters.allBranches')}
          value={branchId}
          onChange={setBranchId}
          options={user?.branches.map((branch) => ({ value: branch.id, label: branch.name }))}
          style={{ width: 190, maxWidth: '100%' }}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('reports.filters.course_id')}
          placeholder={t('reports.filters.course_id')}
          value={courseId}
          onChange={setCourseId}
          options={courses.data}
          style={{ width: 190, maxWidth: '100%' }}
        />
      </Flex>
      <Typography.Text type="secondary">{t('reports.active.hint')}</Typography.Text>
      {report.isError && <ReportError error={report.error} onRetry={() => report.refetch()} />}
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Table<Line>
          rowKey={(line) => `${line.branch.id}-${line.course.id}`}
          columns={columns}
          dataSource={data?.rows}
          loading={report.isFetching}
          size="middle"
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('reports.active.empty')} /> }}
          summary={() =>
            data?.rows.length ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('reports.active.total')}</Typography.Text>
                </Table.Summary.Cell>
                {data.totals.map((month, index) => (
                  <Table.Summary.Cell key={month.month} index={index + 1} align="right">
                    <Typography.Text strong>
                      <Cell month={month} />
                    </Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </Flex>
  );
}
