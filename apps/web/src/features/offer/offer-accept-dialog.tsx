import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { OfferAcceptForm } from './offer-accept-form';
import { useOffer } from './offer-api';

/**
 * "Later" is remembered for this log-in and this version only, and only in memory: the dialog comes back at
 * the next log-in, on the next visit, and when a new version is published — until the student accepts.
 */
let postponed: string | null = null;

/**
 * Asks a signed-in student to accept the offer in force when he has not (issue 17): on his first log-in,
 * and again after a new version. It never locks him out: "Later" lets him go on reading his pages.
 */
export function OfferAcceptDialog() {
  const { t } = useTranslation();
  const { token, user, company } = useSession();
  const offer = useOffer();
  const [later, setLater] = useState(postponed);
  const data = offer.data;
  const current = data?.current;
  const key = `${token}:${current?.version}`;
  const due = !!current && !!data?.policies.can_accept && !data.state.signed && later !== key;
  if (!current || !user || !due) return null;

  const postpone = () => {
    postponed = key;
    setLater(key);
  };
  return (
    <Modal open title={t('offer.title')} footer={null} onCancel={postpone} maskClosable={false} width={680} centered>
      <Typography.Paragraph type="secondary">
        {data?.state.accepted_version
          ? t('offer.accept.again', { version: current.version })
          : t('offer.accept.intro', { company: company?.name ?? '' })}
      </Typography.Paragraph>
      <OfferAcceptForm
        key={current.version}
        current={current}
        userId={user.id}
        maxHeight="min(50vh, 480px)"
        secondary={<Button onClick={postpone}>{t('offer.accept.later')}</Button>}
      />
    </Modal>
  );
}
