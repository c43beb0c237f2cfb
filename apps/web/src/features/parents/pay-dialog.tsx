import { type ChildOverview, fromMinorUnits, type OnlineProvider, toMinorUnits } from '@crm/contracts';
import { App, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useCurrency } from '../courses/money';
import { AmountField, placeRefusal } from '../finance/money-fields';
import { goToProvider, useOpenFeeCheckout } from '../online-payments/online-payments-api';
import { ProviderField } from '../online-payments/provider-choice';

interface PayValues {
  amount: number | null;
  provider?: OnlineProvider;
}

/** What a parent most likely came to pay: the debt, else a month of the child's groups (minor units). */
export const proposedAmount = (money: ChildOverview['money']): number | null =>
  money.to_pay_now > 0 ? money.to_pay_now : money.month_fee > 0 ? money.month_fee : null;

/**
 * The parent pays into his child's balance online (issue 24), as the student pays his own fee (issue 17): the
 * same checkout, then the provider's page; the provider sends him back to /entry/pay/{token}.
 */
export function PayDialog({
  open,
  onClose,
  child,
  money,
}: {
  open: boolean;
  onClose: () => void;
  child: ChildOverview['child'];
  money: ChildOverview['money'];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const [form] = Form.useForm<PayValues>();
  const checkout = useOpenFeeCheckout();
  const proposed = proposedAmount(money);

  const pay = async ({ amount, provider }: PayValues) => {
    if (amount === null || !provider) return;
    try {
      const opened = await checkout.mutateAsync({
        student_id: child.id,
        provider,
        amount: toMinorUnits(amount, currency),
      });
      goToProvider(opened);
    } catch (error) {
      if (!placeRefusal(t, form, error) && !isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('parents.pay.title', { name: child.name })}
      footer={null}
      destroyOnHidden
      width={440}
    >
      <Form<PayValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          amount: proposed === null ? null : fromMinorUnits(proposed, currency),
          provider: money.providers[0],
        }}
        onFinish={pay}
      >
        <AmountField autoFocus />
        <ProviderField providers={money.providers} />
        <Button type="primary" htmlType="submit" size="large" block loading={checkout.isPending}>
          {t('onlinePayments.student.pay')}
        </Button>
      </Form>
    </Modal>
  );
}
