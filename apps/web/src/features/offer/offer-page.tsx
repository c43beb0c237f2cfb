import { Alert, Card, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { usePageTitle } from '../../shared/ui/page-title';
import { dateText } from '../users/people-kinds';
import { OfferAcceptForm } from './offer-accept-form';
import { useOffer } from './offer-api';
import { OfferReader } from './offer-reader';

/**
 * /offer: the offer in force, the page of the link an administrator sends. A student who has not accepted
 * it reads it here with the Accept button; one who has sees when; staff just read it.
 */
export function OfferPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const offer = useOffer();
  const data = offer.data;
  usePageTitle(t('offer.title'));

  let body: ReactNode;
  if (offer.isError) {
    body = isHandledGlobally(offer.error) ? null : <Alert type="error" showIcon title={errorMessage(t, offer.error)} />;
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (!data.current) {
    body = <Result status="info" title={t('errors.offer_not_published')} />;
  } else if (data.state.signed) {
    body = (
      <Flex vertical gap={12}>
        <Alert
          type="success"
          showIcon
          title={t('offer.page.signed', {
            version: data.current.version,
            date: dateText(data.state.accepted_at),
          })}
        />
        <OfferReader texts={data.current.texts} />
      </Flex>
    );
  } else if (data.policies.can_accept && user) {
    body = <OfferAcceptForm key={data.current.version} current={data.current} userId={user.id} />;
  } else {
    body = (
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('offer.page.staffNote')} />
        <OfferReader texts={data.current.texts} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 820 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('offer.title')}
      </Typography.Title>
      <Card
        title={
          data?.current
            ? t('offer.versionOf', { version: data.current.version, date: dateText(data.current.published_at) })
            : undefined
        }
      >
        {body}
      </Card>
    </Flex>
  );
}
