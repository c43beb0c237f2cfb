import type { CheckoutOutcome } from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button-link';
import { browserHost } from '../auth/browser-address';
import { companySubdomain } from '../auth/company-subdomain';
import { formatMoney } from '../courses/money';
import { dayjs } from '../groups/dates';
import { EntryPanel } from '../licence/entry-frame';
import { POLL_LIMIT_MS, useCheckoutOutcome } from '../licence/licence-api';
import { followPaymentLink, goToProvider, returnedFromProvider } from './online-payments-api';

/**
 * Spec §2 /entry/pay/{token} (issue 17): the page of a payment link sent by SMS, and where the provider sends
 * the payer back. No log-in: the company is the host's subdomain, the token the checkout's secret. Back from the
 * provider, the confirmation may come a little after the payer: an open payment is asked about every 2 s for up
 * to 2 minutes.
 */
export function PayLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const subdomain = companySubdomain(browserHost().hostname) ?? '';
  const [returning] = useState(() => returnedFromProvider(token));
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!returning) return;
    const timer = setTimeout(() => setGaveUp(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [returning]);
  const outcome = useCheckoutOutcome(subdomain, token, returning && !gaveUp);
  const signedIn = useSession().token !== null;

  let body: ReactNode;
  const data = outcome.data;
  if (!data && outcome.isError) {
    body = (
      <Result status="error" title={errorMessage(t, outcome.error)} subTitle={t('onlinePayments.pay.askManager')} />
    );
  } else if (!data) {
    body = (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin size="large" />
      </Flex>
    );
  } else if (data.status === 'paid') {
    body = (
      <Result
        status="success"
        title={t('onlinePayments.pay.paid')}
        subTitle={t('onlinePayments.pay.paidWhat', {
          amount: formatMoney(data.amount, data.currency),
          date: dayjs(data.paid_at ?? data.created_at).format('DD.MM.YYYY HH:mm'),
          company: data.company.name,
        })}
        extra={
          // A signed-in payer (a student, or a parent paying for his child) came from the app: the way back to it.
          signedIn && (
            <ButtonLink to="/" type="primary">
              {t('onlinePayments.pay.backToApp')}
            </ButtonLink>
          )
        }
      />
    );
  } else if (data.status !== 'open') {
    // Spec §8: "payment failed (contact manager)" — cancelled, expired or refunded.
    body = <Result status="error" title={t('errors.payment_failed')} subTitle={data.company.name} />;
  } else if (returning) {
    body = <Waiting gaveUp={gaveUp} onCheck={() => outcome.refetch()} outcome={data} subdomain={subdomain} />;
  } else {
    body = <PayOffer outcome={data} subdomain={subdomain} />;
  }

  return (
    <EntryPanel>
      {data?.status === 'open' && outcome.isRefetchError && (
        <Alert type="warning" showIcon title={t('app.networkError')} />
      )}
      {body}
    </EntryPanel>
  );
}

/** "Pay 450 000 UZS to Demo Academy for Aziz" and the button to the provider's page. */
function PayOffer({ outcome, subdomain }: { outcome: CheckoutOutcome; subdomain: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);
  const provider = t(`finance.methods.${outcome.provider}`);
  const amount = formatMoney(outcome.amount, outcome.currency);

  const pay = async () => {
    setLeaving(true);
    setFailure(null);
    try {
      const checkout = await followPaymentLink(subdomain, outcome.token);
      if (checkout.redirect_url) {
        goToProvider(checkout);
        return;
      }
      // No longer open (paid or given up meanwhile): the page shows how it ended.
      await queryClient.invalidateQueries({ queryKey: ['checkout-outcome', subdomain, outcome.token] });
    } catch (error) {
      setFailure(error);
    }
    setLeaving(false);
  };

  return (
    <Flex vertical align="center" gap={20} style={{ textAlign: 'center' }}>
      <Typography.Text type="secondary">{outcome.company.name}</Typography.Text>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {outcome.student_first_name
          ? t('onlinePayments.pay.offer', { amount, company: outcome.company.name, name: outcome.student_first_name })
          : t('onlinePayments.pay.offerPlain', { amount, company: outcome.company.name })}
      </Typography.Title>
      {failure !== null && <Alert type="error" showIcon title={errorMessage(t, failure)} style={{ width: '100%' }} />}
      <Button type="primary" size="large" block loading={leaving} onClick={pay} style={{ maxWidth: 360 }}>
        {t('onlinePayments.pay.payWith', { provider })}
      </Button>
    </Flex>
  );
}

/** Back from the provider, before its confirmation: a spinner, then (after 2 minutes) a way to ask again or pay. */
function Waiting({
  gaveUp,
  onCheck,
  outcome,
  subdomain,
}: {
  gaveUp: boolean;
  onCheck: () => void;
  outcome: CheckoutOutcome;
  subdomain: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 24, textAlign: 'center' }} role="status">
      {!gaveUp && <Spin size="large" />}
      <span>{t(gaveUp ? 'onlinePayments.pay.stillWaiting' : 'onlinePayments.pay.waiting')}</span>
      {gaveUp && (
        <>
          <Button onClick={onCheck}>{t('onlinePayments.pay.checkAgain')}</Button>
          <PayOffer outcome={outcome} subdomain={subdomain} />
        </>
      )}
    </Flex>
  );
}
