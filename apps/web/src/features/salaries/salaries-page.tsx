import type { Salary } from '@crm/contracts';
import { Alert, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { emptyList } from '../courses/catalog-ui';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { tablePagination } from '../groups/table-pagination';
import { lastMonth, MonthPicker } from './month-picker';
import { useSalaries } from './salaries-api';
import { LinesButton, SalaryDrawer } from './salary-detail';

/** Spec §2 finance/salaries: the salaries published for a month in the current branch, each with its lines. */
export function SalariesPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchSalaries key={branch} branchId={branch} />;
}

function BranchSalaries({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [month, setMonth] = useState(lastMonth);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useSalaries({ branch_id: branchId, month, status: 'published' }, page);

  const columns: TableColumnsType<Salary> = [
    { title: t('salaries.columns.teacher'), key: 'teacher', render: (_, s) => s.teacher.name },
    {
      title: t('salaries.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, s) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(s.amount, currency)}</span>,
    },
    {
      title: t('salaries.columns.published'),
      key: 'published',
      responsive: ['sm'],
      render: (_, s) => (
        <Flex vertical>
          <span>{dateText(s.published_at?.slice(0, 10))}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.published_by?.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('salaries.columns.actions'),
      key: 'actions',
      render: (_, s) => <LinesButton salary={s} onOpen={setOpen} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('salaries.titles.salaries')}
      </Typography.Title>
      <Flex wrap gap={12} align="center" justify="space-between">
        <MonthPicker
          value={month}
          onChange={(next) => {
            setMonth(next);
            setPage(1);
          }}
        />
        <Typography.Text strong>
          {t('salaries.total')}: {formatMoney(list.data?.total ?? 0, currency)}
        </Typography.Text>
      </Flex>
      {list.isError && !isHandledGlobally(list.error) && (
        <Alert type="error" showIcon title={errorMessage(t, list.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        pagination={tablePagination(list.data?.pagination, page, setPage)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: emptyList(list.isPending, t('salaries.empty')) }}
      />
      <SalaryDrawer id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
