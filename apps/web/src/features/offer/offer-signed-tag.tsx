import { FileDoneOutlined, FileExclamationOutlined } from '@ant-design/icons';
import { offerTextFor, type UserListItem } from '@crm/contracts';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useOffer, useOfferMutations } from './offer-api';

/** A student's offer state in the people list and on his profile; nothing while no offer is published. */
export function OfferSignedTag({ signed }: { signed: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (signed === null || signed === undefined) return null;
  return signed ? (
    <Tag color="green" icon={<FileDoneOutlined />}>
      {t('offer.signed')}
    </Tag>
  ) : (
    <Tag color="orange" icon={<FileExclamationOutlined />}>
      {t('offer.notSigned')}
    </Tag>
  );
}

/**
 * The profile's line: the state, and while unsigned a way for staff to record that the student accepted
 * (a contract signed on paper). The server decides who may; this page is already the students area's.
 */
export function OfferProfileLine({ person }: { person: Pick<UserListItem, 'id' | 'name' | 'offer_signed'> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const offer = useOffer(person.offer_signed === false);
  const { accept } = useOfferMutations();
  const current = offer.data?.current;
  if (person.offer_signed === null || person.offer_signed === undefined) return null;

  const record = async () => {
    const shown = current && offerTextFor(current.texts, i18n.language);
    if (!current || !shown) return;
    try {
      await accept.mutateAsync({ userId: person.id, version: current.version, language: shown.language });
      message.success(t('offer.record.done'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return (
    <Space size={4} wrap>
      <OfferSignedTag signed={person.offer_signed} />
      {!person.offer_signed && current && (
        <Popconfirm
          title={t('offer.record.question', { name: person.name, version: current.version })}
          description={t('offer.record.warning')}
          okText={t('offer.record.button')}
          cancelText={t('common.cancel')}
          onConfirm={() => record()}
        >
          <Button size="small" type="link" loading={accept.isPending}>
            {t('offer.record.button')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
