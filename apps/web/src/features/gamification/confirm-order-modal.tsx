import { CONFIRMATION_CODE_LENGTH, confirmationCodeSchema, type Order } from '@crm/contracts';
import { Alert, App, Flex, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { Coins } from './coin-format';
import { useOrderMoves } from './gamification-api';

// The OTP's formatter sees empty cells as spaces: they stay, anything else but a digit goes.
const digitsOnly = (value: string) => value.replace(/[^\d ]/g, '');
const isCode = (value: string) =>
  value.length === CONFIRMATION_CODE_LENGTH && confirmationCodeSchema.safeParse(value).success;

const detail = (error: ApiError, key: string): unknown =>
  typeof error.details === 'object' && error.details !== null
    ? (error.details as Record<string, unknown>)[key]
    : undefined;

/**
 * The hand-over (spec §4, §5): the student shows the 5-digit code on his screen and the employee types it. A wrong
 * code says how many tries are left; too many lock the order for a while, and the modal says until when.
 */
export function ConfirmOrderModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { confirm } = useOrderMoves();
  const [code, setCode] = useState('');
  // A refused code empties the cells: the input is drawn anew.
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const lockedAt = (until: unknown) =>
    t('gamification.orders.lockedUntil', { time: dayjs(String(until)).format('DD.MM.YYYY HH:mm') });

  const submit = async () => {
    if (!isCode(code)) return;
    setProblem(null);
    try {
      await confirm.mutateAsync({ id: order.id, code });
      message.success(t('gamification.orders.confirmed', { product: order.product.name }));
      onClose();
    } catch (error) {
      if (isHandledGlobally(error)) return;
      setCode('');
      setAttempt((n) => n + 1);
      if (error instanceof ApiError && error.code === 'wrong_confirmation_code') {
        setProblem(t('gamification.orders.wrongCode', { count: Number(detail(error, 'attempts_left') ?? 0) }));
      } else if (error instanceof ApiError && error.code === 'order_locked') {
        setProblem(`${errorMessage(t, error)} ${lockedAt(detail(error, 'locked_until'))}`);
      } else {
        setProblem(errorMessage(t, error));
      }
    }
  };

  return (
    <Modal
      open
      title={t('gamification.orders.confirmTitle', { product: order.product.name })}
      okText={t('gamification.orders.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !isCode(code) }}
      confirmLoading={confirm.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Flex vertical gap={16} align="center">
        <Typography.Text>
          {order.student.name} · <Coins amount={order.price} />
        </Typography.Text>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('gamification.orders.askCode')}
        </Typography.Text>
        {order.locked_until && <Alert type="warning" showIcon title={lockedAt(order.locked_until)} />}
        <Input.OTP
          length={CONFIRMATION_CODE_LENGTH}
          formatter={digitsOnly}
          inputMode="numeric"
          size="large"
          autoFocus
          key={attempt}
          onInput={(cells) => setCode(cells.join(''))}
          aria-label={t('gamification.orders.code')}
          status={problem ? 'error' : undefined}
        />
        {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ width: '100%' }} />}
      </Flex>
    </Modal>
  );
}
