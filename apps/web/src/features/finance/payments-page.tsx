import type { LedgerEntry, PaymentList } from '@crm/contracts';
import { Alert, Card, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';
import { formatMoney, useCurrency } from '../courses/money';
import { downloadPayments, PaymentsPeriodReports } from '../finance-reports/payments-period-reports';
import { tablePagination } from '../groups/table-pagination';
import { PaymentMethodText } from '../online-payments/checkout-status-tag';
import { ReportHeader } from '../reports/report-filters';
import { CancelEntryDialog } from './cancel-entry-dialog';
import { CancelledTag, EntryActions, EntryDate, EntryNote } from './entry-cells';
import { type PaymentFilters, usePayments } from './money-api';
import { type MoneyAction, MoneyDialog } from './money-dialog';
import { isCancelled, SignedAmount } from './money-text';
import { monthOf, PaymentFilterBar } from './payment-filters';

/** Spec §2 finance/payments: the branch's payments of a period with their totals, for the cashier. */
export function PaymentsPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchPayments key={branch} branchId={branch} />;
}

function BranchPayments({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<PaymentFilters>(monthOf);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<LedgerEntry | null>(null);
  const [cancelling, setCancelling] = useState<LedgerEntry | null>(null);
  const payments = usePayments(branchId, filters, page);
  const pagination = payments.data?.pagination;
  useEffect(() => {
    if (pagination && pagination.total_pages > 0 && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);
  const setFilter = (patch: Partial<PaymentFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const action = useMemo<MoneyAction | null>(() => (editing ? { kind: 'edit', entry: editing } : null), [editing]);

  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('finance.columns.date'), key: 'date', render: (_, entry) => <EntryDate entry={entry} /> },
    {
      title: t('finance.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, entry) => (
        <Flex vertical align="flex-end" gap={4}>
          <SignedAmount amount={entry.amount} cancelled={isCancelled(entry)} />
          {isCancelled(entry) && <CancelledTag />}
        </Flex>
      ),
    },
    {
      title: t('finance.columns.student'),
      key: 'student',
      render: (_, entry) =>
        entry.student ? <Link to={`/students/profile/${entry.student.id}`}>{entry.student.name}</Link> : '—',
    },
    {
      title: t('finance.columns.method'),
      key: 'method',
      render: (_, entry) => <PaymentMethodText method={entry.method} />,
    },
    { title: t('finance.columns.group'), key: 'group', render: (_, entry) => entry.group?.title ?? '—' },
    { title: t('finance.columns.cashier'), key: 'author', render: (_, entry) => entry.author?.name ?? '—' },
    { title: t('finance.columns.comment'), key: 'comment', render: (_, entry) => <EntryNote entry={entry} /> },
    {
      // Named for screen readers: a table header left empty leaves the row menus without one (axe).
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      key: 'actions',
      width: 48,
      // On a phone the row's menu stays in reach while the table scrolls sideways.
      fixed: 'right',
      render: (_, entry) => <EntryActions entry={entry} onEdit={setEditing} onCancel={setCancelling} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ReportHeader
        title={t('finance.payments.title')}
        onDownload={() => downloadPayments(branchId, filters, i18n.language)}
      />
      <PaymentFilterBar branchId={branchId} filters={filters} onChange={setFilter} />
      {payments.data && <PeriodTotals list={payments.data} />}
      <PaymentsPeriodReports branchId={branchId} from={filters.from} to={filters.to} />
      {payments.isError && !isHandledGlobally(payments.error) && (
        <Alert type="error" showIcon title={errorMessage(t, payments.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={payments.data?.data}
        loading={payments.isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={tablePagination(pagination, page, setPage)}
        locale={{ emptyText: payments.isPending ? ' ' : <Empty description={t('finance.payments.empty')} /> }}
      />
      {editing?.student && <MoneyDialog action={action} student={editing.student} onClose={() => setEditing(null)} />}
      <CancelEntryDialog entry={cancelling} onClose={() => setCancelling(null)} />
    </Flex>
  );
}

/** The period's takings: the total and each method's share (cancelled payments do not count). */
function PeriodTotals({ list }: { list: PaymentList }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const methods = Object.entries(list.by_method)
    .filter(([, amount]) => amount !== 0)
    .sort(([, a], [, b]) => b - a);
  return (
    <Card size="small" aria-label={t('finance.payments.totals')}>
      <Flex wrap gap={24} align="center">
        <Flex vertical>
          <Typography.Text type="secondary">{t('finance.payments.total')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 24 }} data-testid="payments-total">
            {formatMoney(list.total, currency)}
          </Typography.Text>
        </Flex>
        {methods.map(([method, amount]) => (
          <Flex key={method} vertical>
            <Typography.Text type="secondary">
              {t(`finance.methods.${method}`, { defaultValue: method })}
            </Typography.Text>
            <Typography.Text strong>{formatMoney(amount, currency)}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
