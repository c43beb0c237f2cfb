import { fromMinorUnits, type OnlineProvider, type StudentFeeGroup, toMinorUnits } from '@crm/contracts';
import { Alert, App, Button, Card, Empty, Flex, Form, Radio, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { AmountField, placeRefusal } from '../finance/money-fields';
import { goToProvider, useOpenFeeCheckout, useStudentCheckouts } from './online-payments-api';
import { ProviderField } from './provider-choice';
import { StudentCheckoutsList } from './student-checkout-list';

/** What the payment is for: the balance, or one of his groups (by id). */
type Target = 'balance' | number;
interface PayValues {
  target: Target;
  amount: number | null;
  provider?: OnlineProvider;
}

/**
 * Issue 17: the student's own screen to pay online (phone first). Everything comes from GET
 * /online-payments/checkouts: his balance and the month price of each of his groups (his profile leaves the
 * balance out, and GET /user/{id}/balance is the cashier's), what he may do, the providers and his recent
 * payments.
 */
export function StudentPaymentPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const checkouts = useStudentCheckouts(user?.id);

  let body: ReactNode;
  if (checkouts.isError) {
    body = isHandledGlobally(checkouts.error) ? null : (
      <Alert type="error" showIcon title={errorMessage(t, checkouts.error)} />
    );
  } else if (!checkouts.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const { data, providers, policies, balance, groups } = checkouts.data;
    body = (
      <>
        <BalanceFigure balance={balance} />
        {policies.can_pay && user ? (
          <PayForm studentId={user.id} groups={groups} providers={providers} balance={balance} />
        ) : (
          <Card>
            <Empty description={t('onlinePayments.student.notSetUp')} />
          </Card>
        )}
        <Card title={t('onlinePayments.student.recent')} styles={{ body: { paddingBlock: 8 } }}>
          <StudentCheckoutsList
            checkouts={data}
            groups={groups.map((group) => ({ id: group.group_id, name: group.name }))}
          />
        </Card>
      </>
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 560, width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('onlinePayments.student.title')}
      </Typography.Title>
      {body}
    </Flex>
  );
}

function BalanceFigure({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <Card>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t('onlinePayments.student.balance')}</Typography.Text>
        <Typography.Text
          strong
          type={balance < 0 ? 'danger' : undefined}
          style={{ fontSize: 28, lineHeight: 1.2 }}
          data-testid="own-balance"
        >
          {formatMoney(balance, currency)}
        </Typography.Text>
        {balance < 0 && <Typography.Text type="danger">{t('onlinePayments.student.debt')}</Typography.Text>}
      </Flex>
    </Card>
  );
}

function PayForm({
  studentId,
  groups,
  providers,
  balance,
}: {
  studentId: number;
  groups: StudentFeeGroup[];
  providers: OnlineProvider[];
  balance: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const [form] = Form.useForm<PayValues>();
  const open = useOpenFeeCheckout();
  // The amount proposed for what he chose, which he may change: a group's month, or his debt for the balance.
  const proposedFor = (target: Target): number | null => {
    if (target === 'balance') return balance < 0 ? fromMinorUnits(-balance, currency) : null;
    const group = groups.find((g) => g.group_id === target);
    return group && group.month_price > 0 ? fromMinorUnits(group.month_price, currency) : null;
  };
  // A debt is what he most likely came to pay; without one, a month of his first group.
  const firstTarget: Target = balance >= 0 && groups[0] ? groups[0].group_id : 'balance';

  const pay = async ({ target, amount, provider }: PayValues) => {
    if (amount === null || !provider) return;
    try {
      const checkout = await open.mutateAsync({
        student_id: studentId,
        ...(target === 'balance' ? {} : { group_id: target }),
        provider,
        amount: toMinorUnits(amount, currency),
      });
      goToProvider(checkout);
    } catch (error) {
      if (!placeRefusal(t, form, error) && !isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Card>
      <Form<PayValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ target: firstTarget, amount: proposedFor(firstTarget), provider: providers[0] }}
        onValuesChange={(changed: Partial<PayValues>) => {
          if (changed.target !== undefined) form.setFieldValue('amount', proposedFor(changed.target));
        }}
        onFinish={pay}
      >
        <Form.Item name="target" label={t('onlinePayments.form.target')}>
          <Radio.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              { value: 'balance', label: t('onlinePayments.student.balanceTopUp') },
              ...groups.map((group) => ({
                value: group.group_id,
                label: (
                  <Flex vertical>
                    <span>{t('onlinePayments.student.groupMonth', { name: group.name })}</span>
                    {group.month_price > 0 && (
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {t('onlinePayments.student.monthPrice', { price: formatMoney(group.month_price, currency) })}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              })),
            ]}
          />
        </Form.Item>
        <AmountField />
        <ProviderField providers={providers} />
        <Button type="primary" htmlType="submit" size="large" block loading={open.isPending}>
          {t('onlinePayments.student.pay')}
        </Button>
      </Form>
    </Card>
  );
}
