import type { Profit } from '@crm/contracts';
import { Alert, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { formatMoney, useCurrency } from '../courses/money';
import { Figure } from './figure';
import { type BranchPeriod, useProfit } from './finance-reports-api';

/** The parts in the order they add up: income = payments − refunds; profit = income − expenses − salaries. */
const PARTS = ['payments', 'refunds', 'income', 'expenses', 'salaries'] as const satisfies readonly (keyof Profit)[];

/** Spec §7 /replenishments/profit: the period's result of the branch, on the payments page. */
export function ProfitCard({ period }: { period: BranchPeriod }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const profit = useProfit(period);
  const data = profit.data;
  return (
    <Card
      size="small"
      title={t('financeReports.profit.title')}
      loading={profit.isPending}
      aria-label={t('financeReports.profit.title')}
    >
      {profit.isError && !isHandledGlobally(profit.error) && (
        <Alert type="error" showIcon title={errorMessage(t, profit.error)} />
      )}
      {data && (
        <Flex vertical gap={12}>
          <Figure
            label={t('financeReports.profit.profit')}
            big
            type={data.profit < 0 ? 'danger' : 'success'}
            testId="profit"
          >
            {formatMoney(data.profit, currency)}
          </Figure>
          <Flex wrap gap={24}>
            {PARTS.map((part) => (
              <Figure key={part} label={t(`financeReports.profit.${part}`)}>
                {formatMoney(data[part], currency)}
              </Figure>
            ))}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
