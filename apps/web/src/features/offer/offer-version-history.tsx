import type { OfferVersion } from '@crm/contracts';
import { Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateText } from '../users/people-kinds';
import { useOfferVersion, useOfferVersions } from './offer-api';
import { OfferReader } from './offer-reader';

/** The published versions, newest first, with how many accepted each; any one opens as it was published. */
export function OfferVersionHistory() {
  const { t } = useTranslation();
  const versions = useOfferVersions();
  const [opened, setOpened] = useState<number | null>(null);
  const rows = versions.data?.data ?? [];
  if (!rows.length) return null;
  return (
    <Flex vertical gap={4}>
      <Typography.Title level={2} style={{ fontSize: 16, margin: '8px 0 4px' }}>
        {t('offer.settings.history')}
      </Typography.Title>
      {rows.map((row) => (
        <VersionRow key={row.version} row={row} onOpen={() => setOpened(row.version)} />
      ))}
      <VersionDialog version={opened} onClose={() => setOpened(null)} />
    </Flex>
  );
}

function VersionRow({ row, onOpen }: { row: OfferVersion; onOpen: () => void }) {
  const { t } = useTranslation();
  const details = [
    row.published_by && t('offer.settings.by', { name: row.published_by.name }),
    row.languages.map((language) => language.toUpperCase()).join(', '),
    t('offer.settings.accepted', { count: row.acceptances }),
  ].filter(Boolean);
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={8}
      style={{ padding: '6px 0', borderTop: '1px solid rgba(128, 128, 128, 0.2)' }}
    >
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong>
          {t('offer.versionOf', { version: row.version, date: dateText(row.published_at) })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {details.join(' · ')}
        </Typography.Text>
      </Flex>
      <Button size="small" onClick={onOpen}>
        {t('offer.settings.view')}
      </Button>
    </Flex>
  );
}

function VersionDialog({ version, onClose }: { version: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOfferVersion(version);
  const data = detail.data?.version === version ? detail.data : undefined;
  return (
    <Modal
      open={version !== null}
      onCancel={onClose}
      footer={null}
      width={680}
      title={data ? t('offer.versionOf', { version: data.version, date: dateText(data.published_at) }) : ''}
    >
      {data ? <OfferReader key={data.version} texts={data.texts} maxHeight="60vh" /> : <Skeleton active />}
    </Modal>
  );
}
