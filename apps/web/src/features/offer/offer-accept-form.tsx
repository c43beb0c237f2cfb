import { type Offer, offerTextFor } from '@crm/contracts';
import { Alert, Button, Checkbox, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useOfferMutations } from './offer-api';
import { OfferReader } from './offer-reader';

interface OfferAcceptFormProps {
  /** The offer in force (never null here). */
  current: NonNullable<Offer['current']>;
  /** Whose acceptance: the signed-in student himself. */
  userId: number;
  maxHeight?: string;
  /** Beside the Accept button (the dialog's "Later"). */
  secondary?: ReactNode;
}

/**
 * Reading and accepting the offer in force: the Accept button waits for "I have read and accept". The
 * version accepted is the one read; when a newer one was published meanwhile, the server refuses and
 * the refreshed offer is shown to read again (its parent keys this form by version).
 */
export function OfferAcceptForm({ current, userId, maxHeight, secondary }: OfferAcceptFormProps) {
  const { t, i18n } = useTranslation();
  const { accept } = useOfferMutations();
  const [language, setLanguage] = useState(() => offerTextFor(current.texts, i18n.language)?.language ?? 'uz');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      await accept.mutateAsync({ userId, version: current.version, language });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'offer_version_outdated') setAgreed(false);
      if (!isHandledGlobally(failure)) setError(errorMessage(t, failure));
    }
  };

  return (
    <Flex vertical gap={12}>
      <OfferReader texts={current.texts} onLanguage={setLanguage} maxHeight={maxHeight} />
      {error && <Alert type="error" showIcon title={error} />}
      <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
        {t('offer.accept.agree')}
      </Checkbox>
      <Flex gap={8} justify="flex-end" wrap>
        {secondary}
        <Button type="primary" disabled={!agreed} loading={accept.isPending} onClick={submit}>
          {t('offer.accept.button')}
        </Button>
      </Flex>
    </Flex>
  );
}
