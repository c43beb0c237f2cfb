import { Alert, Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { useLicence, useLicenceOrders, useLicencePayments, useTariffs } from './licence-api';
import { LicenceCard } from './licence-card';
import { LicenceOrders } from './licence-orders';
import { LicencePayments } from './licence-payments';

/**
 * Spec §2 /billing: the licence, its orders (pay, invoice) and its payments. It asks only the licence's own
 * routes, which answer after the licence has ended too, so it works when nothing else does.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const companyId = useSession().company?.id;
  const licence = useLicence();
  const shown = licence.data?.policies.billing_visible ?? false;
  const canOrder = licence.data?.policies.can_order ?? false;
  const tariffs = useTariffs(shown && canOrder);
  const orders = useLicenceOrders(shown);
  const payments = useLicencePayments(companyId, shown);

  if (licence.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (licence.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(t, licence.error)}
        action={<Button onClick={() => licence.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  // A white-label partner's host: its centres pay the partner, not here.
  if (!shown) return <Result status="info" title={t('errors.billing_hidden')} />;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('licence.title')}
      </Typography.Title>
      <LicenceCard answer={licence.data} />
      <Card title={t('licence.orders.title')} styles={{ body: { padding: 0 } }}>
        {orders.isError ? (
          <Alert type="error" showIcon title={errorMessage(t, orders.error)} style={{ margin: 16 }} />
        ) : (
          <LicenceOrders
            orders={orders.data}
            loading={orders.isPending}
            providers={tariffs.data?.providers ?? []}
            canOrder={canOrder}
          />
        )}
      </Card>
      <Card title={t('licence.payments.title')} styles={{ body: { padding: 0 } }}>
        {payments.isError ? (
          <Alert type="error" showIcon title={errorMessage(t, payments.error)} style={{ margin: 16 }} />
        ) : (
          <LicencePayments payments={payments.data} loading={payments.isPending} />
        )}
      </Card>
    </Flex>
  );
}
