import type { PaymentsFigures } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { SignedAmount } from '../finance/money-text';
import { ReportHeader } from '../reports/report-filters';
import { downloadReport } from '../reports/reports-api';
import { PaymentsByChart } from './payments-by-chart';
import { FinanceFilterBar, useFinanceFilters } from './report-period';

/** A report of figures per row (a group or a course) with their total, as the API answers it. */
export interface FiguresReport<R extends PaymentsFigures> {
  data: R[];
  total: PaymentsFigures;
}

type Filters = ReturnType<typeof useFinanceFilters>['query'];

interface PaymentsByPageProps<R extends PaymentsFigures> {
  title: string;
  empty: string;
  /** The API path of the report; its Excel file is `${path}/export`. */
  path: string;
  fileName: string;
  filter: 'group_id' | 'course_id';
  useReport: (filters: Filters) => UseQueryResult<FiguresReport<R>>;
  /** The columns that name a row, before the figures. */
  nameColumns: TableColumnsType<R>;
  rowKey: (row: R) => number;
  labelOf: (row: R) => string;
}

/** Spec §2 payments-groups and payments-courses: one layout, rows of students, paid, charged and balance. */
export function PaymentsByPage<R extends PaymentsFigures>(props: PaymentsByPageProps<R>) {
  const { branch } = useSession();
  return branch === null ? null : <BranchPaymentsBy key={branch} branchId={branch} {...props} />;
}

function BranchPaymentsBy<R extends PaymentsFigures>({
  branchId,
  title,
  empty,
  path,
  fileName,
  filter,
  useReport,
  nameColumns,
  rowKey,
  labelOf,
}: PaymentsByPageProps<R> & { branchId: number }) {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const { filters, setFilter, query } = useFinanceFilters(branchId);
  const report = useReport(query);
  const money = (key: 'paid' | 'charged') => (_: unknown, row: PaymentsFigures) => formatMoney(row[key], currency);
  const columns: TableColumnsType<R> = [
    ...nameColumns,
    { title: t('financeReports.columns.students'), key: 'students', align: 'right', render: (_, r) => r.students },
    { title: t('financeReports.columns.paid'), key: 'paid', align: 'right', render: money('paid') },
    { title: t('financeReports.columns.charged'), key: 'charged', align: 'right', render: money('charged') },
    {
      title: t('financeReports.columns.balance'),
      key: 'balance',
      align: 'right',
      render: (_, r) => <SignedAmount amount={r.balance} />,
    },
  ];
  const total = report.data?.total;
  const rows = report.data?.data;
  const download = () =>
    downloadReport(`${path}/export`, { ...query, lang: i18n.language }, `${fileName}-${query.from}_${query.to}.xlsx`);

  return (
    <Flex vertical gap={16}>
      <ReportHeader title={title} onDownload={download} />
      <FinanceFilterBar branchId={branchId} filters={filters} onChange={setFilter} by={filter} />
      {report.isError && !isHandledGlobally(report.error) && (
        <Alert type="error" showIcon title={errorMessage(t, report.error)} />
      )}
      {rows && rows.length > 0 && <PaymentsByChart title={title} rows={rows} labelOf={labelOf} />}
      <Table<R>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={report.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: report.isPending ? ' ' : <Empty description={empty} /> }}
        summary={() =>
          total && rows?.length ? (
            <Table.Summary.Row data-testid="totals-row">
              <Table.Summary.Cell index={0} colSpan={nameColumns.length}>
                <strong>{t('financeReports.columns.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>{total.students}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{formatMoney(total.paid, currency)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <strong>{formatMoney(total.charged, currency)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <SignedAmount amount={total.balance} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Flex>
  );
}
