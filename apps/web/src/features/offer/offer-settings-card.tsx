import { LANGUAGES, type Language, OFFER_TEXT_MAX, type Offer, type OfferTexts, offerTextFor } from '@crm/contracts';
import { App, Button, Card, Flex, Input, Popconfirm, Skeleton, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { dateText } from '../users/people-kinds';
import { useOffer, useOfferMutations } from './offer-api';
import { OFFER_PATH } from './offer-prompt';
import { OfferVersionHistory } from './offer-version-history';

/**
 * The settings' card of the offer (issue 17): the text per language, the link to send students, and
 * "Publish new version", which asks every student again. Whether the caller may publish is the server's
 * answer (policies.can_publish).
 */
export function OfferSettingsCard() {
  const { t } = useTranslation();
  const offer = useOffer();
  const data = offer.data;

  let body: ReactNode;
  if (offer.isError) {
    body = isHandledGlobally(offer.error) ? null : (
      <Typography.Text type="danger">{errorMessage(t, offer.error)}</Typography.Text>
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    body = (
      <>
        {data.current && (
          <Flex gap={4} wrap align="baseline">
            <Typography.Text type="secondary">{t('offer.settings.link')}</Typography.Text>
            <Typography.Text copyable>{`${window.location.origin}${OFFER_PATH}`}</Typography.Text>
          </Flex>
        )}
        {data.policies.can_publish && <OfferEditor key={data.current?.version ?? 0} current={data.current} />}
        {data.policies.can_publish && <OfferVersionHistory />}
      </>
    );
  }
  return (
    <Card
      id="offer"
      title={t('offer.title')}
      extra={
        data &&
        (data.current ? (
          <Tag color="green">{t('offer.version', { version: data.current.version })}</Tag>
        ) : (
          <Tag>{t('offer.settings.notPublishedTag')}</Tag>
        ))
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {data?.current
            ? t('offer.settings.inForce', { version: data.current.version, date: dateText(data.current.published_at) })
            : t('offer.settings.help')}
        </Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}

const trimmed = (texts: OfferTexts, language: Language) => (texts[language] ?? '').trim();

/** The texts of the next version, starting from the version in force; one tab per language. */
function OfferEditor({ current }: { current: Offer['current'] }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { publish } = useOfferMutations();
  const [texts, setTexts] = useState<OfferTexts>(current?.texts ?? {});
  // The interface's language when the offer is written in it, else the first that is.
  const [tab, setTab] = useState<string>(() => offerTextFor(texts, i18n.language)?.language ?? i18n.language);
  const next = (current?.version ?? 0) + 1;
  const empty = LANGUAGES.every((language) => !trimmed(texts, language));
  // Publishing the same words again would only make every student accept them twice.
  const unchanged = !!current && LANGUAGES.every((l) => trimmed(texts, l) === trimmed(current.texts, l));

  const submit = async () => {
    try {
      await publish.mutateAsync({ texts });
      message.success(t('offer.settings.published', { version: next }));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    // Room under the text box for its character count, drawn below it.
    <Flex vertical gap={28}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        size="small"
        items={LANGUAGES.map((language) => ({
          key: language,
          label: `${t(`languages.${language}`)}${trimmed(texts, language) ? ' ✓' : ''}`,
          children: (
            <Input.TextArea
              aria-label={t('offer.settings.textLabel', { language: t(`languages.${language}`) })}
              lang={language}
              value={texts[language] ?? ''}
              onChange={(event) => setTexts({ ...texts, [language]: event.target.value })}
              placeholder={t('offer.settings.placeholder')}
              autoSize={{ minRows: 8, maxRows: 18 }}
              maxLength={OFFER_TEXT_MAX}
              showCount
            />
          ),
        }))}
      />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {empty ? t('offer.settings.needText') : t('offer.settings.askAgain')}
        </Typography.Text>
        <Popconfirm
          title={t('offer.settings.publishQuestion', { version: next })}
          description={t('offer.settings.publishWarning')}
          okText={t('offer.settings.publish')}
          cancelText={t('common.cancel')}
          onConfirm={() => submit()}
          disabled={empty || unchanged}
        >
          <Button type="primary" disabled={empty || unchanged} loading={publish.isPending}>
            {t('offer.settings.publish')}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
