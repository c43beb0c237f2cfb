import { isOnlineProvider, type OnlinePaymentStatus, type PaymentMethod } from '@crm/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<OnlinePaymentStatus, string> = {
  open: 'processing',
  paid: 'success',
  cancelled: 'error',
  expired: 'default',
  refunded: 'warning',
};

/** How an online payment went, as a coloured tag. */
export function CheckoutStatusTag({ status }: { status: OnlinePaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`onlinePayments.status.${status}`)}</Tag>;
}

/** A ledger payment's method: a provider's brand name is marked "online" (it came through the provider). */
export function PaymentMethodText({ method }: { method: PaymentMethod | null }) {
  const { t } = useTranslation();
  if (!method) return <>—</>;
  const name = t(`finance.methods.${method}`);
  if (!isOnlineProvider(method)) return <>{name}</>;
  return (
    <Space size={4} wrap>
      {name}
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {t('onlinePayments.onlineTag')}
      </Tag>
    </Space>
  );
}
