import type { MyOrder } from '@crm/contracts';
import { App, Button, Flex, Modal, Popconfirm, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { PlainList } from '../../shared/ui/plain-list';
import { dateTime } from '../forms/form-format';
import { Coins, OrderStatusTag, ProductThumb } from './coin-format';

/** A pending order's 5-digit code, large enough to be read off a phone across the desk. */
export function OrderCode({ code, size = 40 }: { code: string; size?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Typography.Text
      aria-label={t('gamification.shop.codeLabel', { code })}
      style={{
        fontSize: size,
        fontFamily: token.fontFamilyCode,
        fontWeight: 600,
        letterSpacing: size / 5,
        lineHeight: 1.2,
      }}
    >
      {code}
    </Typography.Text>
  );
}

/** Said once an order is placed: its code, big, and what to do with it. */
export function PlacedOrderModal({ order, onClose }: { order: MyOrder; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('gamification.shop.placed', { name: order.product.name })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('gamification.shop.done')}
        </Button>
      }
    >
      <Flex vertical align="center" gap={8} style={{ padding: '16px 0' }}>
        {order.code && <OrderCode code={order.code} size={48} />}
        <Typography.Text strong style={{ textAlign: 'center' }}>
          {t('gamification.shop.showCode')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('gamification.shop.codeLater')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}

interface MyOrdersProps {
  orders: MyOrder[];
  onCancel: (id: number) => Promise<unknown>;
}

/** The student's orders, newest first: each one's status, the code of a pending one, and taking it back. */
export function MyOrders({ orders, onCancel }: MyOrdersProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = (order: MyOrder) =>
    onCancel(order.id).then(
      () => void message.success(t('gamification.shop.cancelled', { name: order.product.name })),
      (error: unknown) => {
        if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
      },
    );
  return (
    <PlainList
      items={orders}
      keyOf={(order) => order.id}
      empty={t('gamification.shop.noOrders')}
      render={(order) => (
        <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
          <ProductThumb photo={order.product.photo} name={order.product.name} size={48} />
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Flex justify="space-between" gap={8} wrap>
              <Typography.Text strong>{order.product.name}</Typography.Text>
              <OrderStatusTag status={order.status} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <Coins amount={order.price} /> · {dateTime(order.created_at)}
            </Typography.Text>
            {order.code && (
              <Flex align="center" gap={8} wrap>
                <Typography.Text type="secondary">{t('gamification.shop.yourCode')}</Typography.Text>
                <OrderCode code={order.code} size={24} />
              </Flex>
            )}
            {order.policies.cancel && (
              <Popconfirm
                title={t('gamification.shop.cancelQuestion', { name: order.product.name })}
                description={t('gamification.shop.cancelNote')}
                okText={t('gamification.orders.cancel')}
                okButtonProps={{ danger: true }}
                cancelText={t('gamification.orders.keep')}
                onConfirm={() => cancel(order)}
              >
                <Button danger size="small" style={{ alignSelf: 'flex-start' }}>
                  {t('gamification.orders.cancel')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        </Flex>
      )}
    />
  );
}
