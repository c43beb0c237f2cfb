import { CalculatorOutlined } from '@ant-design/icons';
import { type Group, MONEY_COMMENT_MAX, type ReWithdrawResult } from '@crm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/api-client';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { monthPeriod, type Period, PeriodPicker } from '../../shared/ui/period-picker';
import { formatMoney, useCurrency } from '../courses/money';
import { useIdempotencyKey } from '../finance/idempotency';
import { moneyKey } from '../finance/money-api';

/**
 * POST /group/{id}/re_withdraw (docs/billing.md): the group's charges of a period are reversed and
 * booked again as the engine calculates them now — after a change of price, payment mode, holidays or
 * statuses that the past charges do not reflect.
 */
export function RecalculateChargesButton({ group }: { group: Group }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CalculatorOutlined />} onClick={() => setOpen(true)}>
        {t('billing.recalculate.button')}
      </Button>
      <Modal
        open={open}
        title={t('billing.recalculate.title', { name: group.title })}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        {open && <RecalculateForm group={group} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

interface Values {
  reason: string;
}

/** One opening: its own Idempotency-Key, so a double click recalculates once. */
function RecalculateForm({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const currency = useCurrency();
  const key = useIdempotencyKey();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<Period>(() => monthPeriod());
  const [problem, setProblem] = useState<string | null>(null);
  const recalculate = useMutation({
    mutationFn: (reason: string) =>
      apiRequest<ReWithdrawResult>(`/group/${group.id}/re_withdraw`, {
        method: 'POST',
        query: { from: period.from, to: period.till },
        body: { reason },
        idempotencyKey: key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });

  const run = async ({ reason }: Values) => {
    setProblem(null);
    try {
      await recalculate.mutateAsync(reason.trim());
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    }
  };
  const submit = (values: Values) =>
    modal.confirm({
      title: t('billing.recalculate.confirm', { name: group.title }),
      content: t('billing.recalculate.confirmHint'),
      okText: t('billing.recalculate.submit'),
      cancelText: t('common.cancel'),
      onOk: () => run(values),
    });

  const done = recalculate.data;
  if (done) {
    const money = (amount: number) => formatMoney(amount, currency);
    return (
      <Result
        status="success"
        title={t('billing.recalculate.done')}
        subTitle={t('billing.recalculate.summary', {
          reversed: done.reversed,
          reversedAmount: money(done.reversed_amount),
          booked: done.booked,
          bookedAmount: money(done.booked_amount),
        })}
        extra={<Button onClick={onClose}>{t('billing.recalculate.close')}</Button>}
      />
    );
  }
  return (
    <Form<Values> layout="vertical" onFinish={submit} disabled={recalculate.isPending}>
      <Typography.Paragraph type="secondary">{t('billing.recalculate.hint')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('billing.recalculate.period')}>
        <PeriodPicker value={period} onChange={setPeriod} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('billing.recalculate.reason')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={MONEY_COMMENT_MAX} showCount />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <Button onClick={onClose} style={{ marginInlineEnd: 8 }} disabled={false}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={recalculate.isPending}>
          {t('billing.recalculate.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
