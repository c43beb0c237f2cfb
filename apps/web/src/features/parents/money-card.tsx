import { CreditCardOutlined, WalletOutlined } from '@ant-design/icons';
import type { ChildOverview } from '@crm/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../shared/ui/plain-list';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { PayDialog } from './pay-dialog';

/** A label and its sum on one line, the sum never broken across lines. */
function MoneyLine({ label, amount, danger }: { label: string; amount: number; danger?: boolean }) {
  const currency = useCurrency();
  return (
    <Flex justify="space-between" gap={8} wrap>
      <Typography.Text type={danger ? 'danger' : 'secondary'}>{label}</Typography.Text>
      <Typography.Text strong type={danger ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount, currency)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The child's money: his balance (a debt in red, with what clears it now), what a month of his groups costs,
 * and the Pay button where the centre takes payments online (the server's `can_pay`).
 */
export function MoneyCard({ overview }: { overview: Pick<ChildOverview, 'child' | 'money' | 'policies'> }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [paying, setPaying] = useState(false);
  const { child, money, policies } = overview;
  const owes = money.to_pay_now > 0;
  return (
    <Card
      title={
        <span>
          <WalletOutlined /> {t('parents.money.title')}
        </span>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('parents.money.balance')}</Typography.Text>
        <Typography.Text
          strong
          type={money.balance < 0 ? 'danger' : undefined}
          style={{ fontSize: 28, lineHeight: 1.2 }}
          data-testid="child-balance"
        >
          {formatMoney(money.balance, currency)}
        </Typography.Text>
        {owes ? (
          <MoneyLine label={t('parents.money.toPayNow')} amount={money.to_pay_now} danger />
        ) : (
          <Typography.Text type="success">{t('parents.money.noDebt')}</Typography.Text>
        )}
        {money.month_fee > 0 && <MoneyLine label={t('parents.money.monthFee')} amount={money.month_fee} />}
        {money.groups.length > 1 &&
          money.groups.map((group) => (
            <Typography.Text key={group.group_id} type="secondary" style={{ fontSize: 13, paddingInlineStart: 12 }}>
              {group.name}: {formatMoney(group.month_price, currency)}
            </Typography.Text>
          ))}
        {policies.can_pay && money.providers.length > 0 ? (
          <Button
            type="primary"
            size="large"
            block
            icon={<CreditCardOutlined />}
            onClick={() => setPaying(true)}
            style={{ marginTop: 8 }}
          >
            {t('parents.money.pay')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('onlinePayments.student.notSetUp')}</Typography.Text>
        )}
      </Flex>
      <PayDialog open={paying} onClose={() => setPaying(false)} child={child} money={money} />
    </Card>
  );
}

/** The child's latest payments received by the centre, newest first. */
export function ReceiptsCard({ receipts }: { receipts: ChildOverview['money']['receipts'] }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <Card title={t('parents.receipts.title')} styles={{ body: { paddingBlock: 8 } }}>
      <PlainList
        items={receipts}
        keyOf={(receipt) => receipt.id}
        empty={t('parents.receipts.none')}
        render={(receipt) => (
          <Flex justify="space-between" align="start" gap={8}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text>{dateText(receipt.date)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {[
                  receipt.method ? t(`finance.methods.${receipt.method}`, { defaultValue: receipt.method }) : null,
                  receipt.group_title,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            </Flex>
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(receipt.amount, currency)}
            </Typography.Text>
          </Flex>
        )}
      />
    </Card>
  );
}
