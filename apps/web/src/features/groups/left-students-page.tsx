import type { LeftStudent } from '@crm/contracts';
import {
  Alert,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { LeftStudentsStatistics } from '../reports/left-students-statistics';
import { type Dayjs, dateText } from './dates';
import { useArchiveReasons, useLeftStudents } from './groups-api';
import { tablePagination } from './table-pagination';

/** Spec §2 left-students: students who left groups in a period, with the reason. */
export function LeftStudentsPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchLeftStudents key={branch} branchId={branch} />;
}

function BranchLeftStudents({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => {
    const today = companyTodayDayjs();
    return [today.startOf('month'), today.endOf('month')];
  });
  const [reasonId, setReasonId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [includeMoved, setIncludeMoved] = useState(false);
  const [page, setPage] = useState(1);
  const reasons = useArchiveReasons();
  // The list and its statistics (spec §2 "Statistics by teachers, courses, months, reasons") take the same filters.
  const filters = {
    branch_id: branchId,
    date_start: period[0].format('YYYY-MM-DD'),
    date_end: period[1].format('YYYY-MM-DD'),
    reason_id: reasonId,
    search: search.trim() || undefined,
    include_moved: includeMoved ? 1 : undefined,
  };
  const left = useLeftStudents({ ...filters, page });
  const pagination = left.data?.pagination;
  // Spec §5: a change of any filter starts again at page one.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const columns: TableColumnsType<LeftStudent> = [
    {
      title: t('groups.left.student'),
      key: 'student',
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/students/profile/${row.student.id}`}>{row.student.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.student.phone}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('groups.left.group'),
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
    { title: t('groups.left.joined'), key: 'joined', render: (_, row) => dateText(row.created_date) },
    { title: t('groups.left.leftDate'), key: 'left', render: (_, row) => dateText(row.left_date) },
    {
      title: t('groups.left.reason'),
      key: 'reason',
      render: (_, row) =>
        row.moved_to ? (
          <Link to={`/groups/${row.moved_to.id}`}>{t('groups.left.movedTo', { group: row.moved_to.title })}</Link>
        ) : (
          <Flex vertical>
            <span>{row.reason?.name ?? '—'}</span>
            {row.comment && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.comment}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('groups.left.title')}
      </Typography.Title>
      <Flex wrap gap={8} align="center">
        <DatePicker.RangePicker
          aria-label={t('groups.left.period')}
          value={period}
          allowClear={false}
          format="DD.MM.YYYY"
          onChange={(range) => range?.[0] && range[1] && filter(setPeriod)([range[0], range[1]])}
        />
        <Select
          allowClear
          aria-label={t('groups.left.reason')}
          placeholder={t('groups.left.allReasons')}
          value={reasonId}
          onChange={filter(setReasonId)}
          options={reasons.data?.map((reason) => ({ value: reason.id, label: reason.name }))}
          style={{ width: 200 }}
        />
        <Input.Search
          allowClear
          aria-label={t('groups.left.search')}
          placeholder={t('groups.left.search')}
          onSearch={filter(setSearch)}
          style={{ width: 220, maxWidth: '100%' }}
        />
        <Checkbox checked={includeMoved} onChange={(event) => filter(setIncludeMoved)(event.target.checked)}>
          {t('groups.left.includeMoved')}
        </Checkbox>
      </Flex>
      <Tabs
        items={[
          {
            key: 'list',
            label: t('reports.leftStats.list'),
            children: (
              <Flex vertical gap={16}>
                {left.isError && !isHandledGlobally(left.error) && (
                  <Alert type="error" showIcon title={errorMessage(t, left.error)} />
                )}
                <Table
                  rowKey={(row) => `${row.group.id}-${row.student.id}`}
                  columns={columns}
                  dataSource={left.data?.data}
                  loading={left.isFetching}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: left.isPending ? ' ' : <Empty description={t('groups.left.empty')} /> }}
                  pagination={tablePagination(pagination, page, setPage)}
                />
              </Flex>
            ),
          },
          {
            key: 'statistics',
            label: t('reports.leftStats.tab'),
            children: <LeftStudentsStatistics query={{ ...filters, include_moved: includeMoved || undefined }} />,
          },
        ]}
      />
    </Flex>
  );
}
