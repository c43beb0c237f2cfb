import type { LicencePayment } from '@crm/contracts';
import { Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../courses/money';
import { dayjs } from '../groups/dates';
import { providerName } from './tariff-picker';

/** GET /company/{id}/payments: the licence money, newest first (a provider's reversal is negative). */
export function LicencePayments({ payments, loading }: { payments: LicencePayment[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<LicencePayment> = [
    {
      key: 'date',
      title: t('licence.payments.date'),
      render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(p.created_at).format('DD.MM.YYYY HH:mm')}</span>,
    },
    { key: 'order', title: t('licence.payments.order'), dataIndex: 'order_number' },
    {
      key: 'amount',
      title: t('licence.payments.amount'),
      align: 'end',
      render: (_, p) => (
        <Typography.Text type={p.amount < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(p.amount, p.currency)}
        </Typography.Text>
      ),
    },
    { key: 'method', title: t('licence.payments.method'), render: (_, p) => providerName(t, p.method) },
    { key: 'reason', title: t('licence.payments.reason'), render: (_, p) => p.reason ?? '' },
  ];
  return (
    <Table<LicencePayment>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={payments}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('licence.payments.empty')} /> }}
    />
  );
}
