import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { Order } from '@crm/contracts';
import { App, Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useOrderMoves } from './gamification-api';

/** A pending order's actions, as its policies allow: hand it over with the code, or cancel it (after a question). */
export function OrderActions({ order, onConfirm }: { order: Order; onConfirm: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { cancel } = useOrderMoves();
  const cancelOrder = () =>
    cancel.mutateAsync(order.id).then(
      () => void message.success(t('gamification.orders.cancelled')),
      (error: unknown) => {
        if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
      },
    );
  if (!order.policies.confirm && !order.policies.cancel) return null;
  return (
    <Flex gap={8} justify="flex-end" wrap>
      {order.policies.confirm && (
        <Button
          type="primary"
          icon={<CheckOutlined />}
          onClick={onConfirm}
          aria-label={t('gamification.orders.confirmOf', { product: order.product.name, name: order.student.name })}
        >
          {t('gamification.orders.confirm')}
        </Button>
      )}
      {order.policies.cancel && (
        <Popconfirm
          title={t('gamification.orders.cancelQuestion')}
          description={t('gamification.orders.cancelWarning')}
          okText={t('gamification.orders.cancel')}
          okButtonProps={{ danger: true }}
          cancelText={t('gamification.orders.keep')}
          onConfirm={cancelOrder}
        >
          <Button
            danger
            icon={<CloseOutlined />}
            aria-label={t('gamification.orders.cancelOf', { product: order.product.name, name: order.student.name })}
          >
            {t('gamification.orders.cancel')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
