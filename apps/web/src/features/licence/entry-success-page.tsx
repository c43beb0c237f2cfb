import { Alert, Button, Flex, Result, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { dateText } from '../groups/dates';
import { EntryPanel, useCentreAddress } from './entry-frame';
import { POLL_LIMIT_MS, useCheckoutOutcome } from './licence-api';

/** Where "Try again" leads: the page the payer started from, for the same centre and payer. */
function startPage(pathname: string, subdomain: string, login: string): string {
  const parent = pathname.slice(0, pathname.indexOf('/success/'));
  const query = new URLSearchParams({ subdomain });
  if (login && login !== '-') query.set('login', login);
  return `${parent}?${query}`;
}

/**
 * `…/success/{transaction}/{subdomain}/{login}`: where the provider sends the payer back. The provider's
 * confirmation may come a little after him, so an open payment is asked about every 2 s for up to 2 minutes.
 */
export function EntrySuccessPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { transaction = '', subdomain = '', login = '' } = useParams();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const outcome = useCheckoutOutcome(subdomain, transaction, !gaveUp);
  const centre = useCentreAddress(subdomain);
  const again = (
    <Link key="again" to={startPage(pathname, subdomain, login)}>
      {t('licence.success.tryAgain')}
    </Link>
  );

  let body: ReactNode;
  const status = outcome.data?.status;
  if (!outcome.data && outcome.isError) {
    body = <Result status="error" title={errorMessage(t, outcome.error)} extra={[again]} />;
  } else if (!outcome.data || status === 'open') {
    body = (
      <Flex vertical align="center" gap={16} style={{ padding: 24, textAlign: 'center' }} role="status">
        {!gaveUp && <Spin size="large" />}
        <span>{t(gaveUp ? 'licence.success.stillWaiting' : 'licence.success.waiting')}</span>
        {gaveUp && <Button onClick={() => outcome.refetch()}>{t('licence.success.checkAgain')}</Button>}
      </Flex>
    );
  } else if (status === 'paid') {
    const order = outcome.data.order;
    body = (
      <Result
        status="success"
        title={
          order?.licence_to
            ? t('licence.success.paid', { date: dateText(order.licence_to), count: order.max_students })
            : t('licence.success.paidPlain')
        }
        subTitle={outcome.data.company.name}
        extra={[
          <Button key="open" type="primary" href={centre}>
            {t('licence.success.open', { subdomain })}
          </Button>,
        ]}
      />
    );
  } else {
    // Spec §8: "payment failed (contact manager)" — cancelled, expired or refunded.
    body = <Result status="error" title={t('errors.payment_failed')} extra={[again]} />;
  }

  return (
    <EntryPanel>
      {outcome.data?.status === 'open' && outcome.isRefetchError && (
        <Alert type="warning" showIcon title={t('app.networkError')} />
      )}
      {body}
    </EntryPanel>
  );
}
