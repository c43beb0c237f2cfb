import { COIN_AMOUNT_MAX, COIN_REASON_MAX, coinGiftInputSchema } from '@crm/contracts';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';
import { useSave } from '../groups/use-dialog-save';
import { useGiveCoins } from './gamification-api';

interface GiftValues {
  amount: number | null;
  reason: string;
}

const FIELDS = ['amount', 'reason'] as const;

/**
 * An employee gives a student coins, or takes some back with a negative amount (issue 21), always with a reason.
 * The server's refusals (the centre does not let employees give, he holds fewer coins) are said in a toast.
 */
export function GiveCoinsModal({ student, onClose }: { student: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GiftValues>();
  const give = useGiveCoins(student.id);
  const save = useSave(onClose);

  const notZero = async (_rule: unknown, value: unknown) => {
    if (value === 0) throw new Error(t('gamification.give.notZero'));
  };

  const submit = (values: GiftValues) =>
    save(
      () => give.mutateAsync({ amount: values.amount ?? 0, reason: values.reason.trim() }),
      t((values.amount ?? 0) < 0 ? 'gamification.give.taken' : 'gamification.give.given', { name: student.name }),
      (error) => showFieldErrors(t, form, FIELDS, error),
    );

  return (
    <Modal
      open
      title={t('gamification.give.title', { name: student.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={give.isPending}
    >
      <Form form={form} layout="vertical" initialValues={{ amount: null, reason: '' }} onFinish={submit}>
        <Form.Item
          name="amount"
          label={t('gamification.give.amount')}
          extra={t('gamification.give.amountHelp')}
          // Zero is said in words of its own; the schema's other rules then as the server would.
          validateFirst
          rules={[{ validator: notZero }, schemaRule(t, coinGiftInputSchema.shape.amount)]}
        >
          <InputNumber min={-COIN_AMOUNT_MAX} max={COIN_AMOUNT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('gamification.give.reason')}
          rules={[schemaRule(t, coinGiftInputSchema.shape.reason)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={COIN_REASON_MAX} showCount />
        </Form.Item>
        <Typography.Text type="secondary">{t('gamification.give.note')}</Typography.Text>
      </Form>
    </Modal>
  );
}
