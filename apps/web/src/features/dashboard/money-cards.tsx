import type { Dashboard } from '@crm/contracts';
import { Card, Empty, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../shared/ui/chart';
import { formatMoney, useCurrency } from '../courses/money';
import { Figure } from '../finance-reports/figure';
import { changeOf, monthlyOption, sinceFirstFigures } from './dashboard-charts';

const MONEY_PARTS = ['payments', 'expenses', 'profit'] as const;

/** This month's payments, expenses and profit beside last month's, with the change. */
export function MoneyCard({ money, filtered }: { money: NonNullable<Dashboard['money']>; filtered: boolean }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <Card size="small" title={t('dashboard.money.title')} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        {MONEY_PARTS.map((part) => {
          const now = money.this_month[part];
          const before = money.last_month[part];
          const change = changeOf(now, before);
          return (
            <Flex key={part} justify="space-between" align="end" wrap gap={8}>
              <Figure
                label={t(`dashboard.money.${part}`)}
                big={part === 'profit'}
                type={part === 'profit' ? (now < 0 ? 'danger' : 'success') : undefined}
                testId={`money-${part}`}
              >
                {formatMoney(now, currency)}
              </Figure>
              <Typography.Text type="secondary">
                {t('dashboard.money.lastMonth', { sum: formatMoney(before, currency) })}
                {change !== null && ` (${change > 0 ? '+' : ''}${change}%)`}
              </Typography.Text>
            </Flex>
          );
        })}
        {filtered && <Typography.Text type="secondary">{t('dashboard.money.wholeBranch')}</Typography.Text>}
      </Flex>
    </Card>
  );
}

/** The last twelve months of active students (and payments, for whoever sees money). */
export function MonthlyCard({ months }: { months: Dashboard['monthly'] }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const names = useMemo(
    () => ({ students: t('dashboard.monthly.students'), payments: t('dashboard.monthly.payments') }),
    [t],
  );
  // A centre that started with us this autumn has nothing before: its line starts where its figures do.
  const shown = useMemo(() => sinceFirstFigures(months), [months]);
  const option = useMemo(
    () => monthlyOption(shown, names, (amount) => formatMoney(amount, currency)),
    [shown, names, currency],
  );
  const empty = shown.every((month) => month.active_students === 0 && !month.payments);
  return (
    <Card size="small" title={t('dashboard.monthly.title')} style={{ height: '100%' }}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.monthly.empty')} />
      ) : (
        <Chart option={option} height={280} ariaLabel={t('dashboard.monthly.title')} />
      )}
    </Card>
  );
}
