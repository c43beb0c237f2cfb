import type { PaymentMethod, Salary } from '@crm/contracts';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { formatMoney, useCurrency } from '../courses/money';
import { methodLabel } from '../expenses/expense-labels';
import { newIdempotencyKey, useIdempotencyKey } from '../finance/idempotency';
import { useCompanyMethods } from '../finance/money-text';
import { useSalaryMutations } from './salaries-api';

/**
 * The confirmation before salaries are published (one, or every draft of the month): what is
 * booked, in all, and how the money was paid. Each salary has its own Idempotency-Key for this
 * opening, so a double click or a retry books it once; the dialog reports the ones refused.
 */
export function PublishDialog({ salaries, onClose }: { salaries: Salary[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const methods = useCompanyMethods();
  const { publish } = useSalaryMutations();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  // One key per salary per opening (the body is destroyed on close, and these with it).
  const [keys] = useState(() => new Map<number, string>());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = salaries ?? [];
  const total = list.reduce((sum, s) => sum + s.amount, 0);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    const refusals: string[] = [];
    let done = 0;
    for (const salary of list) {
      const key = keys.get(salary.id) ?? newIdempotencyKey();
      keys.set(salary.id, key);
      try {
        await publish.mutateAsync({ id: salary.id, method, key });
        done++;
      } catch (error) {
        if (!isHandledGlobally(error)) refusals.push(`${salary.teacher.name}: ${errorMessage(t, error)}`);
      }
    }
    setBusy(false);
    if (refusals.length) {
      setProblem(refusals.join('\n'));
      if (done) message.success(t('salaries.publishedSome', { done, count: list.length }));
      return;
    }
    message.success(
      list.length === 1 ? t('salaries.publishedOne') : t('salaries.publishedSome', { done, count: done }),
    );
    onClose();
  };

  const question =
    list.length === 1 && list[0]
      ? t('salaries.publishQuestion', { name: list[0].teacher.name, amount: formatMoney(total, currency) })
      : t('salaries.publishAllQuestion', { count: list.length, amount: formatMoney(total, currency) });
  return (
    <Modal
      open={salaries !== null}
      title={question}
      okText={t('salaries.publish')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('salaries.publishWarning')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('salaries.method')} htmlFor="salary-method">
          <Select
            id="salary-method"
            value={method}
            onChange={setMethod}
            options={methods.map((m) => ({ value: m, label: methodLabel(t, m) }))}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{problem}</span>} />}
    </Modal>
  );
}

/** Unpublishing: the reason goes on the ledger's reversal; the month becomes a draft again. */
export function UnpublishDialog({ salary, onClose }: { salary: Salary | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={salary !== null}
      title={salary ? t('salaries.unpublishTitle', { name: salary.teacher.name }) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {salary && <UnpublishForm salary={salary} onClose={onClose} />}
    </Modal>
  );
}

function UnpublishForm({ salary, onClose }: { salary: Salary; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const key = useIdempotencyKey();
  const { unpublish } = useSalaryMutations();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async ({ reason }: { reason: string }) => {
    try {
      await unpublish.mutateAsync({ id: salary.id, reason: reason.trim(), key });
      message.success(t('salaries.unpublished'));
      onClose();
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} disabled={unpublish.isPending}>
      <Typography.Paragraph type="secondary">{t('salaries.unpublishWarning')}</Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('salaries.reason')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 500 }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
      </Form.Item>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <Form.Item style={{ marginBottom: 0 }}>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button danger type="primary" htmlType="submit" loading={unpublish.isPending}>
            {t('salaries.unpublish')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
