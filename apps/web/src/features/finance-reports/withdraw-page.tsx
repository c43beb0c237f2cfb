import type { LedgerEntry } from '@crm/contracts';
import { Alert, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { EntryDate, EntryKind, EntryNote } from '../finance/entry-cells';
import { isCancelled, SignedAmount } from '../finance/money-text';
import { tablePagination } from '../groups/table-pagination';
import { useWithdraws, useWithdrawTotals } from './finance-reports-api';
import { CreditChartCard } from './money-chart-card';
import { FinanceFilterBar, useFinanceFilters } from './report-period';
import { WithdrawTotalsCard } from './withdraw-totals';

/** Spec §2 finance/withdraw: the billing engine's charges of a period, their totals and chart. */
export function WithdrawPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchWithdraws key={branch} branchId={branch} />;
}

function BranchWithdraws({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const { filters, setFilter, page, setPage, query } = useFinanceFilters(branchId);
  const list = useWithdraws(query, page);
  const totals = useWithdrawTotals(query);
  const pagination = list.data?.pagination;
  useEffect(() => {
    if (pagination && pagination.total_pages > 0 && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page, setPage]);

  // A charge takes from the student's balance (−); its reversal gives it back (+) and names the charge.
  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('financeReports.columns.date'), key: 'date', render: (_, e) => <EntryDate entry={e} /> },
    { title: t('financeReports.columns.kind'), key: 'kind', render: (_, e) => <EntryKind entry={e} /> },
    {
      title: t('financeReports.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, e) => <SignedAmount amount={e.amount} cancelled={isCancelled(e)} />,
    },
    {
      title: t('financeReports.columns.student'),
      key: 'student',
      render: (_, e) => (e.student ? <Link to={`/students/profile/${e.student.id}`}>{e.student.name}</Link> : '—'),
    },
    { title: t('financeReports.columns.group'), key: 'group', render: (_, e) => e.group?.title ?? '—' },
    { title: t('financeReports.columns.comment'), key: 'comment', render: (_, e) => <EntryNote entry={e} /> },
  ];

  const failed = [list, totals].find((q) => q.isError && !isHandledGlobally(q.error));
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('financeReports.withdraw.title')}
      </Typography.Title>
      <FinanceFilterBar branchId={branchId} filters={filters} onChange={setFilter} by="group_id" />
      {failed && <Alert type="error" showIcon title={errorMessage(t, failed.error)} />}
      <WithdrawTotalsCard totals={totals.data} />
      <CreditChartCard period={query} />
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={tablePagination(pagination, page, setPage)}
        locale={{ emptyText: list.isPending ? ' ' : <Empty description={t('financeReports.withdraw.empty')} /> }}
      />
    </Flex>
  );
}
