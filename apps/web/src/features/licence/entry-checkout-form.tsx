import type { TariffList } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { openAddress } from '../auth/browser-address';
import { createEntryOrder, type EntryOrderRequest } from './licence-api';
import { TariffPicker } from './tariff-picker';
import { initialChoice, orderInputOf, type TariffChoice, tariffOf } from './tariff-prices';

/** Off the screen rather than display:none, which some bots skip; out of the tab order and of screen readers. */
const HONEYPOT: CSSProperties = {
  position: 'absolute',
  left: -10_000,
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

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
      <div aria-hidden style={HONEYPOT}>
        {/* Named like a field a bot expects to fill; the label is for bots only, so it is not translated. */}
        <label htmlFor="entry-order-website">Website</label>
        <input
          id="entry-order-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
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
