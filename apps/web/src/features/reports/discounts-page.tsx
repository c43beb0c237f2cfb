import {
  DISCOUNT_STATES,
  type DiscountMonth,
  type DiscountRow,
  type DiscountState,
  REPORT_EXPORT_PATHS,
} from '@crm/contracts';
import { Card, Empty, Flex, Input, Select, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { useCourseOptions } from '../groups/groups-api';
import { tablePagination } from '../groups/table-pagination';
import { type DiscountsQuery, useDiscounts } from './remaining-reports-api';
import { ReportHeader } from './report-filters';
import { lastMonths, MonthRangePicker, monthTitle, ReportError } from './report-parts';
import { downloadReport, REPORT_PER_PAGE, useReportGroupOptions } from './reports-api';

const STATE_COLOR: Record<DiscountState, string> = {
  active: 'green',
  upcoming: 'blue',
  ended: 'default',
  replaced: 'default',
  removed: 'red',
};

type Filters = Omit<DiscountsQuery, 'page' | 'per_page'>;

/** Spec §2 "discounts": every individual price in force or past, and the income forgone per month. */
export function DiscountsPage() {
  const { branch } = useSession();
  return branch === null ? null : <Discounts key={branch} branchId={branch} />;
}

function Discounts({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const money = (amount: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, currency)}</span>;
  const [filters, setFilters] = useState<Filters>(() => ({ branch_id: branchId, ...lastMonths(6) }));
  const [page, setPage] = useState(1);
  const setFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const query = useMemo(() => ({ ...filters, page, per_page: REPORT_PER_PAGE }), [filters, page]);
  const report = useDiscounts(query);
  const groups = useReportGroupOptions(branchId);
  const courses = useCourseOptions();

  const columns: TableColumnsType<DiscountRow> = [
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
            {row.course.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('reports.discounts.price'),
      key: 'price',
      align: 'right',
      render: (_, row) => (
        <Flex vertical align="flex-end">
          {money(row.price)}
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t('reports.discounts.regularOf', { price: formatMoney(row.regular_price, currency) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('reports.discounts.discount'),
      key: 'discount',
      align: 'right',
      render: (_, row) => (
        <Typography.Text type={row.discount > 0 ? 'success' : row.discount < 0 ? 'danger' : undefined}>
          {money(row.discount)}
        </Typography.Text>
      ),
    },
    { title: t('reports.discounts.reason'), key: 'reason', render: (_, row) => row.reason ?? '—' },
    {
      title: t('reports.discounts.dates'),
      key: 'dates',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {dateText(row.start_date)} – {dateText(row.end_date)}
        </span>
      ),
    },
    {
      title: t('reports.discounts.setBy'),
      key: 'setBy',
      render: (_, row) =>
        row.set_by ? (
          <Flex vertical>
            <span>{row.set_by.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateText(row.set_at?.slice(0, 10))}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('reports.discounts.state'),
      key: 'state',
      render: (_, row) => (
        <Flex vertical align="flex-start">
          <Tag color={STATE_COLOR[row.state]}>{t(`reports.discounts.states.${row.state}`)}</Tag>
          {row.closed_on && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateText(row.closed_on)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];
  const monthColumns: TableColumnsType<DiscountMonth> = [
    { title: t('reports.discounts.month'), key: 'month', render: (_, m) => monthTitle(m.month) },
    { title: t('reports.discounts.forgone'), key: 'forgone', align: 'right', render: (_, m) => money(m.forgone) },
    { title: t('reports.discounts.students'), dataIndex: 'students', align: 'right' },
  ];

  const data = report.data;
  return (
    <Flex vertical gap={16}>
      <ReportHeader
        title={t('reports.discounts.title')}
        onDownload={() =>
          downloadReport(
            REPORT_EXPORT_PATHS.discounts,
            { ...filters, lang: i18n.language },
            `discounts-${filters.from}_${filters.till}.xlsx`,
          )
        }
      />
      <Flex wrap gap={8} align="center">
        <MonthRangePicker value={filters} onChange={setFilter} />
        <Input.Search
          allowClear
          aria-label={t('reports.filters.search')}
          placeholder={t('reports.filters.search')}
          onSearch={(search) => setFilter({ search: search.trim() || undefined })}
          style={{ width: 200, maxWidth: '100%' }}
        />
        <Select
          allowClear
          aria-label={t('reports.discounts.state')}
          placeholder={t('reports.discounts.allStates')}
          value={filters.state}
          onChange={(state: DiscountState | undefined) => setFilter({ state })}
          options={DISCOUNT_STATES.map((state) => ({ value: state, label: t(`reports.discounts.states.${state}`) }))}
          style={{ width: 170, maxWidth: '100%' }}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('reports.filters.group_id')}
          placeholder={t('reports.filters.group_id')}
          value={filters.group_id}
          onChange={(group_id: number | undefined) => setFilter({ group_id })}
          options={groups.data}
          style={{ width: 180, maxWidth: '100%' }}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('reports.filters.course_id')}
          placeholder={t('reports.filters.course_id')}
          value={filters.course_id}
          onChange={(course_id: number | undefined) => setFilter({ course_id })}
          options={courses.data}
          style={{ width: 180, maxWidth: '100%' }}
        />
      </Flex>
      {report.isError && <ReportError error={report.error} onRetry={() => report.refetch()} />}
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Card
            size="small"
            title={t('reports.discounts.forgoneTitle')}
            extra={data && <Typography.Text strong>{formatMoney(data.total_forgone, currency)}</Typography.Text>}
          >
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('reports.discounts.forgoneHint')}
            </Typography.Paragraph>
            <Table<DiscountMonth>
              rowKey="month"
              columns={monthColumns}
              dataSource={data?.months}
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
          </Card>
          <Table<DiscountRow>
            rowKey={(row) => `${row.group.id}-${row.student.id}-${row.set_at ?? 'now'}-${row.state}`}
            columns={columns}
            dataSource={data?.data}
            loading={report.isFetching}
            size="middle"
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('reports.discounts.empty')} /> }}
            pagination={tablePagination(data?.pagination, page, setPage)}
          />
        </>
      )}
    </Flex>
  );
}
