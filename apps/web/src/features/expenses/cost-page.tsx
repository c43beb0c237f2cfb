import { DownloadOutlined } from '@ant-design/icons';
import type { Expense } from '@crm/contracts';
import { Alert, App, Button, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { emptyList, PageHeader, RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { tablePagination } from '../groups/table-pagination';
import { downloadReport } from '../reports/reports-api';
import { ExpenseChartCard } from './expense-chart';
import { ExpenseFilterBar, monthPeriod, type PageFilters } from './expense-filters';
import { ExpenseFormModal, type ExpenseFormTarget } from './expense-form-modal';
import { bucketLabel, methodLabel } from './expense-labels';
import { ExpenseTotalsPanel } from './expense-totals';
import { useExpenseMutations, useExpenses, useExpenseTotals, useExpenseTypes } from './expenses-api';

/** Spec §2 finance/cost: the branch's expenses of a period, their totals and the monthly chart. */
export function CostPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchCost key={branch} branchId={branch} />;
}

function BranchCost({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const country = useSession().company?.datas.country ?? 'uz';
  const [filters, setFilters] = useState<PageFilters>(monthPeriod);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<ExpenseFormTarget | null>(null);
  const [downloading, setDownloading] = useState(false);
  const query = useMemo(() => ({ ...filters, branch_id: branchId }), [filters, branchId]);
  const list = useExpenses(query, page);
  const totals = useExpenseTotals(query);
  const types = useExpenseTypes();
  const { remove } = useExpenseMutations();
  const pagination = list.data?.pagination;
  // On a phone the date moves under the category, so the amount and the actions keep their room.
  const narrow = !Grid.useBreakpoint().sm;

  // Spec §5: any change of a filter starts again at page one; a page emptied by a delete steps back.
  const setFilter = (patch: Partial<PageFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  const openCreate = () => setTarget({ mode: 'create', branchId });
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReport(
        '/expense/export',
        { ...query, lang: i18n.language },
        `expenses-${query.from_date}_${query.to_date}.xlsx`,
      );
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setDownloading(false);
    }
  };

  const columns: TableColumnsType<Expense> = [
    {
      title: t('expenses.columns.date'),
      key: 'date',
      width: 104,
      responsive: ['sm'],
      render: (_, e) => dateText(e.date),
    },
    {
      title: t('expenses.columns.category'),
      key: 'category',
      render: (_, e) => {
        const details = [narrow && dateText(e.date), e.payee_user?.name ?? e.payee, e.comment]
          .filter(Boolean)
          .join(' · ');
        return (
          <Flex vertical>
            <Typography.Text ellipsis>{bucketLabel(t, e)}</Typography.Text>
            {details && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: details }}>
                {details}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('expenses.columns.method'),
      key: 'method',
      width: 150,
      responsive: ['md'],
      render: (_, e) => methodLabel(t, e.method),
    },
    {
      title: t('expenses.columns.author'),
      key: 'author',
      width: 180,
      responsive: ['lg'],
      render: (_, e) => e.author?.name ?? '—',
    },
    {
      title: t('expenses.columns.amount'),
      key: 'amount',
      align: 'right',
      width: narrow ? 124 : 160,
      render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(e.amount, currency)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: narrow ? 80 : 104,
      render: (_, e) => {
        const amount = formatMoney(e.amount, currency);
        return (
          <RowActions
            size="small"
            editLabel={t('expenses.editLabel', { amount, date: dateText(e.date) })}
            deleteLabel={t('expenses.deleteLabel', { amount, date: dateText(e.date) })}
            deleteQuestion={t('expenses.deleteQuestion', { amount, date: dateText(e.date) })}
            deleteWarning={t('expenses.deleteWarning')}
            onEdit={() => setTarget({ mode: 'edit', expense: e })}
            onDelete={() => runAction(t, message, () => remove.mutateAsync(e.id), t('expenses.deleted'))}
          />
        );
      },
    },
  ];

  const failed = [list, totals].find((q) => q.isError && !isHandledGlobally(q.error));
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('expenses.title')}
        addLabel={t('expenses.add')}
        onAdd={openCreate}
        extra={
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={download}>
            {t('expenses.export')}
          </Button>
        }
      />
      <ExpenseFilterBar filters={filters} types={types.data} country={country} onChange={setFilter} />
      {failed && <Alert type="error" showIcon title={errorMessage(t, failed.error)} />}
      <ExpenseTotalsPanel totals={totals.data} currency={currency} />
      <ExpenseChartCard branchId={branchId} from={filters.from_date} to={filters.to_date} />
      <Table
        rowKey="id"
        size="middle"
        // Fixed columns: a long payee or comment is cut with an ellipsis instead of widening the page.
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        pagination={tablePagination(pagination, page, setPage)}
        locale={{
          emptyText: emptyList(list.isPending, t('expenses.empty'), { label: t('expenses.add'), onClick: openCreate }),
        }}
      />
      <ExpenseFormModal target={target} country={country} currency={currency} onClose={() => setTarget(null)} />
    </Flex>
  );
}
