import type { TariffList } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { HoneypotInput } from '../../shared/ui/honeypot-input';
import { openAddress } from '../auth/browser-address';
import { createEntryOrder, type EntryOrderRequest } from './licence-api';
import { TariffPicker } from './tariff-picker';
import { initialChoice, orderInputOf, type TariffChoice, tariffOf } from './tariff-prices';

/** Off the screen rather than display:none, which some bots skip; out of the tab order and of screen readers. */
interface EntryCheckoutFormProps {
  prices: TariffList;
  /** The centre paid for; null while the visitor has not named one (the offer pages). */
  subdomain: string | null;
  login?: string;
  page: EntryOrderRequest['page'];
  currentMax?: number | null;
}

/** The visitor's choice and "Pay": the order is placed and the browser goes to the provider's page. */
export function EntryCheckoutForm({ prices, subdomain, login, page, currentMax }: EntryCheckoutFormProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<TariffChoice | null>(null);
  const [website, setWebsite] = useState('');
  const pay = useMutation({
    mutationFn: createEntryOrder,
    onSuccess: (checkout) => {
      if (checkout.redirect_url) openAddress(checkout.redirect_url);
    },
  });
  const choice = picked ?? initialChoice(prices, currentMax);
  if (!choice) return <Alert type="info" showIcon title={t('licence.order.noPrices')} />;
  const ready =
    !!subdomain && !!choice.provider && !!tariffOf(prices.tariffs, choice.max_students, choice.period_months);

  return (
    <>
      <TariffPicker prices={prices} value={choice} onChange={setPicked} noOnlineText={t('licence.entry.noOnline')} />
      <HoneypotInput id="entry-order-website" value={website} onChange={setWebsite} />
      {pay.isError && <Alert type="error" showIcon role="alert" title={errorMessage(t, pay.error)} />}
      {pay.data && !pay.data.redirect_url && <Alert type="success" showIcon title={t('licence.entry.received')} />}
      {prices.providers.length > 0 && (
        <Button
          type="primary"
          size="large"
          block
          disabled={!ready}
          loading={pay.isPending || !!pay.data?.redirect_url}
          onClick={() =>
            subdomain &&
            choice.provider &&
            pay.mutate({
              subdomain,
              ...orderInputOf(choice),
              provider: choice.provider,
              login: login || undefined,
              page,
              website: website || undefined,
            })
          }
        >
          {t('licence.entry.pay')}
        </Button>
      )}
    </>
  );
}
