import type { WithdrawTotals } from '@crm/contracts';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, useCurrency } from '../courses/money';
import { Figure } from './figure';

/** The period's charges: the net first, then what was charged, what reversals gave back, and how many students. */
export function WithdrawTotalsCard({ totals }: { totals: WithdrawTotals | undefined }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  if (!totals) return null;
  const parts = [
    { key: 'charged', value: `${formatMoney(totals.charged, currency)} · ${totals.charge_count}` },
    { key: 'reversed', value: `${formatMoney(totals.reversed, currency)} · ${totals.reversal_count}` },
    { key: 'students', value: String(totals.students) },
  ];
  return (
    <Card size="small" aria-label={t('financeReports.withdraw.totals.label')}>
      <Flex wrap gap={24} align="center">
        <Figure label={t('financeReports.withdraw.totals.total')} big testId="withdraw-total">
          {formatMoney(totals.total, currency)}
        </Figure>
        {parts.map((part) => (
          <Figure key={part.key} label={t(`financeReports.withdraw.totals.${part.key}`)}>
            {part.value}
          </Figure>
        ))}
      </Flex>
    </Card>
  );
}
