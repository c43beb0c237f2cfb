import { FileTextOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { openAddress } from '../auth/browser-address';
import { useLicence, useTariffs } from './licence-api';
import { LicenceStateTag } from './licence-card';
import { type OrderWay, useOrderLicence } from './licence-order-api';
import { BILLING_PATH } from './licence-paths';
import { TariffPicker } from './tariff-picker';
import { initialChoice, orderInputOf, type TariffChoice, tariffOf } from './tariff-prices';

/**
 * Spec §2 billing/order: the centre chooses a band and a period at its country's prices and pays online
 * (off to the provider's page) or takes an invoice to pay by bank transfer.
 */
export function BillingOrderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const licence = useLicence();
  const canOrder = licence.data?.policies.can_order ?? false;
  const tariffs = useTariffs(canOrder);
  const order = useOrderLicence();
  const [picked, setPicked] = useState<TariffChoice | null>(null);

  if (licence.isPending || (canOrder && tariffs.isPending)) return <Skeleton active paragraph={{ rows: 8 }} />;
  const failed = licence.error ?? tariffs.error;
  if (failed) return <Alert type="error" showIcon title={errorMessage(t, failed)} />;
  if (!canOrder || !tariffs.data) {
    return (
      <Result
        status="info"
        title={licence.data?.policies.billing_visible ? t('licence.order.notAllowed') : t('errors.billing_hidden')}
      />
    );
  }

  const prices = tariffs.data;
  const choice = picked ?? initialChoice(prices, licence.data?.licence.max_students);
  if (!choice) return <Empty description={t('licence.order.noPrices')} />;
  const priced = tariffOf(prices.tariffs, choice.max_students, choice.period_months) !== undefined;

  const submit = (way: OrderWay) =>
    order.mutate(
      { input: orderInputOf(choice), way },
      {
        onSuccess: (redirectUrl) => {
          if (redirectUrl) return openAddress(redirectUrl);
          message.success(t('licence.order.invoiceReady'));
          void navigate(BILLING_PATH);
        },
      },
    );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 860 }}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('licence.order.title')}
        </Typography.Title>
        {licence.data && <LicenceStateTag state={licence.data.licence.state} />}
      </Flex>
      <Card>
        <Flex vertical gap={20}>
          <TariffPicker
            prices={prices}
            value={choice}
            onChange={setPicked}
            noOnlineText={t('licence.order.noOnlineInvoice')}
          />
          {order.isError && <Alert type="error" showIcon role="alert" title={errorMessage(t, order.error)} />}
          <Flex gap={12} wrap>
            {prices.providers.length > 0 && (
              <Button
                type="primary"
                size="large"
                disabled={!priced || !choice.provider}
                loading={order.isPending && order.variables?.way.kind === 'online'}
                onClick={() => choice.provider && submit({ kind: 'online', provider: choice.provider })}
              >
                {t('licence.order.payOnline')}
              </Button>
            )}
            <Button
              size="large"
              icon={<FileTextOutlined />}
              disabled={!priced}
              loading={order.isPending && order.variables?.way.kind === 'invoice'}
              onClick={() => submit({ kind: 'invoice' })}
            >
              {t('licence.order.invoice')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
