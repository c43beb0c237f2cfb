import { CLIENT_STATUSES, type ClientRow, type ClientStatus, REPORT_EXPORT_PATHS } from '@crm/contracts';
import { Checkbox, Empty, Flex, Input, Select, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { useCourseOptions } from '../groups/groups-api';
import { tablePagination } from '../groups/table-pagination';
import { leadSourceName } from '../leads/lead-options-api';
import { type ClientsQuery, useClients } from './remaining-reports-api';
import { ReportHeader } from './report-filters';
import { Figure, ReportError } from './report-parts';
import { downloadReport, REPORT_PER_PAGE, useReportGroupOptions } from './reports-api';

const STATUS_COLOR: Record<ClientStatus, string> = {
  active: 'green',
  frozen: 'blue',
  trial: 'gold',
  left: 'default',
  no_group: 'default',
  archived: 'red',
};

type Filters = Omit<ClientsQuery, 'page' | 'per_page'>;

/** Spec §2 reports/list-clients: every client with balance, groups, status, source and last payment. */
export function ClientsPage() {
  const { branch } = useSession();
  return branch === null ? null : <Clients key={branch} headerBranch={branch} />;
}

function Clients({ headerBranch }: { headerBranch: number }) {
  const { t, i18n } = useTranslation();
  const { user, company } = useSession();
  const country = company?.datas.country ?? 'uz';
  const currency = useCurrency();
  const [filters, setFilters] = useState<Filters>({ branch_id: headerBranch });
  const [page, setPage] = useState(1);
  // Spec §5: a change of any filter starts again at page one.
  const setFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const query = useMemo(() => ({ ...filters, page, per_page: REPORT_PER_PAGE }), [filters, page]);
  const report = useClients(query);
  const groups = useReportGroupOptions(filters.branch_id ?? headerBranch);
  const courses = useCourseOptions();
  const money = (amount: number) => formatMoney(amount, currency);

  const columns: TableColumnsType<ClientRow> = [
    {
      title: t('reports.columns.student'),
      key: 'student',
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/students/profile/${row.student.id}`}>{row.student.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {phoneText(row.student.phone, country)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('reports.clients.balance'),
      key: 'balance',
      align: 'right',
      render: (_, row) => (
        <Typography.Text type={row.balance < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {money(row.balance)}
        </Typography.Text>
      ),
    },
    {
      title: t('reports.columns.status'),
      key: 'status',
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t(`reports.clients.status.${row.status}`)}</Tag>,
    },
    {
      title: t('reports.clients.groups'),
      key: 'groups',
      render: (_, row) =>
        row.groups.length ? (
          <Flex vertical>
            {row.groups.map((group) => (
              <Link key={group.id} to={`/groups/${group.id}`} style={{ whiteSpace: 'nowrap' }}>
                {group.title}
              </Link>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('reports.clients.source'),
      key: 'source',
      render: (_, row) => (row.source ? leadSourceName(t, row.source.name) : '—'),
    },
    {
      title: t('reports.clients.lastPayment'),
      key: 'paid',
      render: (_, row) =>
        row.last_payment ? (
          <Flex vertical>
            <span style={{ whiteSpace: 'nowrap' }}>{money(row.last_payment.amount)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateText(row.last_payment.date)}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    { title: t('reports.clients.registered'), key: 'registered', render: (_, row) => dateText(row.registered) },
  ];

  const totals = report.data?.totals;
  return (
    <Flex vertical gap={16}>
      <ReportHeader
        title={t('reports.clients.title')}
        onDownload={() =>
          downloadReport(
            REPORT_EXPORT_PATHS.clients,
            { ...filters, debt: filters.debt ? 1 : undefined, lang: i18n.language },
            'clients.xlsx',
          )
        }
      />
      <Flex wrap gap={8} align="center">
        <Input.Search
          allowClear
          aria-label={t('reports.filters.search')}
          placeholder={t('reports.filters.search')}
          onSearch={(search) => setFilter({ search: search.trim() || undefined })}
          style={{ width: 220, maxWidth: '100%' }}
        />
        <Select
          allowClear
          aria-label={t('reports.filters.branch')}
          placeholder={t('reports.filters.allBranches')}
          value={filters.branch_id}
          onChange={(branch_id: number | undefined) => setFilter({ branch_id, group_id: undefined })}
          options={user?.branches.map((b) => ({ value: b.id, label: b.name }))}
          style={{ width: 170, maxWidth: '100%' }}
        />
        <Select
          allowClear
          aria-label={t('reports.columns.status')}
          placeholder={t('reports.clients.allStatuses')}
          value={filters.status}
          onChange={(status: ClientStatus | undefined) => setFilter({ status })}
          options={CLIENT_STATUSES.map((status) => ({ value: status, label: t(`reports.clients.status.${status}`) }))}
          style={{ width: 160, maxWidth: '100%' }}
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
        <Checkbox
          checked={Boolean(filters.debt)}
          onChange={(event) => setFilter({ debt: event.target.checked || undefined })}
        >
          {t('reports.clients.debtOnly')}
        </Checkbox>
      </Flex>
      {report.isError && <ReportError error={report.error} onRetry={() => report.refetch()} />}
      {totals && (
        <Flex wrap gap={24}>
          <Figure label={t('reports.clients.count')} value={totals.clients} />
          <Figure label={t('reports.clients.debtors')} value={totals.debtors} />
          <Figure label={t('reports.clients.debt')} value={money(totals.debt)} danger={totals.debt < 0} />
        </Flex>
      )}
      {report.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Table<ClientRow>
          rowKey={(row) => row.student.id}
          columns={columns}
          dataSource={report.data?.data}
          loading={report.isFetching}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('reports.clients.empty')} /> }}
          pagination={tablePagination(report.data?.pagination, page, setPage)}
        />
      )}
    </Flex>
  );
}
