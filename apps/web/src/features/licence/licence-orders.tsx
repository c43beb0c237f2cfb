import { DownloadOutlined } from '@ant-design/icons';
import type { LicenceOrder, LicenceOrderStatus, OnlineProvider } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Modal, Radio, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { openAddress } from '../auth/browser-address';
import { formatMoney } from '../courses/money';
import { dateText } from '../groups/dates';
import { payOrder } from './licence-api';
import { downloadInvoice } from './licence-order-api';
import { providerName } from './tariff-picker';

const STATUS_COLORS: Record<LicenceOrderStatus, string> = { pending: 'orange', paid: 'green', cancelled: 'default' };

interface LicenceOrdersProps {
  orders: LicenceOrder[] | undefined;
  loading: boolean;
  /** The providers of the centre's country; Pay is offered only with one and only to who may order. */
  providers: readonly OnlineProvider[];
  canOrder: boolean;
}

/** /billing's orders: each with its invoice, and Pay while it is pending. */
export function LicenceOrders({ orders, loading, providers, canOrder }: LicenceOrdersProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [paying, setPaying] = useState<LicenceOrder | null>(null);
  const invoice = useMutation({
    mutationFn: downloadInvoice,
    onError: (error) => message.error(errorMessage(t, error)),
  });

  const columns: TableColumnsType<LicenceOrder> = [
    { key: 'number', title: t('licence.orders.number'), dataIndex: 'number' },
    { key: 'plan', title: t('licence.orders.plan'), render: (_, o) => t('licence.upTo', { count: o.max_students }) },
    {
      key: 'period',
      title: t('licence.orders.period'),
      render: (_, o) => (
        <Flex vertical>
          <span>{t('licence.months', { count: o.period_months })}</span>
          {o.licence_from && o.licence_to && (
            <span style={{ whiteSpace: 'nowrap' }}>
              {dateText(o.licence_from)} – {dateText(o.licence_to)}
            </span>
          )}
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('licence.orders.amount'),
      align: 'end',
      render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.amount, o.currency)}</span>,
    },
    {
      key: 'status',
      title: t('licence.orders.status'),
      render: (_, o) => <Tag color={STATUS_COLORS[o.status]}>{t(`licence.orders.statuses.${o.status}`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('licence.orders.actions'),
      render: (_, o) => (
        <Flex gap={8} wrap>
          {o.status === 'pending' && canOrder && providers.length > 0 && (
            <Button type="primary" size="small" onClick={() => setPaying(o)}>
              {t('licence.orders.pay')}
            </Button>
          )}
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={invoice.isPending && invoice.variables?.id === o.id}
            onClick={() => invoice.mutate(o)}
            aria-label={t('licence.orders.invoiceOf', { number: o.number })}
          >
            {t('licence.orders.invoice')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Table<LicenceOrder>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={orders}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('licence.orders.empty')} /> }}
      />
      {paying && <PayDialog order={paying} providers={providers} onClose={() => setPaying(null)} />}
    </>
  );
}

/** Pay a pending order: the provider, then off to its page. */
function PayDialog(props: { order: LicenceOrder; providers: readonly OnlineProvider[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { order, providers } = props;
  const [provider, setProvider] = useState<OnlineProvider>(providers[0] as OnlineProvider);
  const pay = useMutation({
    mutationFn: () => payOrder(order, provider),
    onSuccess: (checkout) => {
      if (checkout.redirect_url) openAddress(checkout.redirect_url);
    },
  });
  return (
    <Modal
      open
      title={t('licence.orders.payTitle', { number: order.number })}
      okText={t('licence.order.payOnline')}
      onOk={() => pay.mutate()}
      confirmLoading={pay.isPending || pay.data?.redirect_url != null}
      onCancel={props.onClose}
    >
      <Flex vertical gap={12}>
        <span>{formatMoney(order.amount, order.currency)}</span>
        <Radio.Group
          aria-label={t('licence.order.provider')}
          value={provider}
          onChange={(event) => setProvider(event.target.value as OnlineProvider)}
          options={providers.map((p) => ({ value: p, label: providerName(t, p) }))}
        />
        {pay.isError && <Alert type="error" showIcon role="alert" title={errorMessage(t, pay.error)} />}
        {pay.data && !pay.data.redirect_url && (
          <Alert type="error" showIcon role="alert" title={t('errors.checkout_closed')} />
        )}
      </Flex>
    </Modal>
  );
}
