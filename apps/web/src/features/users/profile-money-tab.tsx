import type { UserProfile } from '@crm/contracts';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The money screens are their own chunk: a profile opened for contacts or notes does not load them.
const BalanceTab = lazy(() => import('../finance/balance-tab').then((module) => ({ default: module.BalanceTab })));

/** The student profile's "Balance" tab (spec §2: balance, group balance, pay, refund, write-off, payments). */
export function MoneyTab({ person }: { person: UserProfile }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <BalanceTab person={person} />
    </Suspense>
  );
}

export function MoneyTabLabel() {
  const { t } = useTranslation();
  return <>{t('finance.balance.tab')}</>;
}
