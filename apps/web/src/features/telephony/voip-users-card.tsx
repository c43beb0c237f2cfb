import type { VoipAccount, VoipExtension, VoipSettings } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHandledGlobally } from '../../shared/api/error-message';
import { useActorOptions } from '../history/history-api';
import { telephonyErrorText, useExtensions, useVoipWrites } from './telephony-api';

/** The mapping being edited: `{account}:{extension}` → the user it serves. */
type Mapping = Record<string, number | undefined>;
const slot = (accountId: number, extension: string) => `${accountId}:${extension}`;

const mappingOf = (settings: VoipSettings): Mapping =>
  Object.fromEntries(settings.users.map((user) => [slot(user.account_id, user.extension), user.user.id]));

interface ExtensionRow extends VoipExtension {
  /** Mapped here but no longer in the account's OnlinePBX list. */
  missing: boolean;
}

/**
 * Spec §6 "calling needs the user's id mapped to a telephony extension": each account's extensions (OnlinePBX's
 * user/get.json) with the staff member each one serves, saved as the whole mapping (PUT /voip/users).
 */
export function VoipUsersCard({ settings }: { settings: VoipSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { saveUsers } = useVoipWrites();
  const [mapping, setMapping] = useState<Mapping>(() => mappingOf(settings));
  const staff = useActorOptions();
  const chosen = new Set(Object.values(mapping));

  const save = async () => {
    const users = Object.entries(mapping).flatMap(([key, userId]) => {
      const [accountId, extension] = key.split(':');
      return userId === undefined
        ? []
        : [{ user_id: userId, account_id: Number(accountId), extension: extension ?? '' }];
    });
    try {
      await saveUsers.mutateAsync({ users });
      message.success(t('telephony.users.saved'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(telephonyErrorText(t, error));
    }
  };

  if (settings.accounts.length === 0) return null;
  // Someone mapped earlier stays named even when the staff list no longer has him (archived since).
  const listed = new Set((staff.data ?? []).map((option) => option.value));
  const staffOptions = [
    ...(staff.data ?? []),
    ...settings.users.filter((u) => !listed.has(u.user.id)).map((u) => ({ value: u.user.id, label: u.user.name })),
  ].map((option) => ({ ...option, disabled: chosen.has(option.value) }));

  return (
    <Card title={t('telephony.users.title')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('telephony.users.help')}</Typography.Text>
        {settings.accounts.map((account) => (
          <AccountExtensions
            key={account.id}
            account={account}
            settings={settings}
            mapping={mapping}
            staffOptions={staffOptions}
            staffLoading={staff.isPending}
            onChange={(extension, userId) =>
              setMapping((current) => ({ ...current, [slot(account.id, extension)]: userId }))
            }
          />
        ))}
        <div>
          <Button type="primary" loading={saveUsers.isPending} onClick={save}>
            {t('telephony.users.save')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

function AccountExtensions({
  account,
  settings,
  mapping,
  staffOptions,
  staffLoading,
  onChange,
}: {
  account: VoipAccount;
  settings: VoipSettings;
  mapping: Mapping;
  staffOptions: { value: number; label: string; disabled: boolean }[];
  staffLoading: boolean;
  onChange: (extension: string, userId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const extensions = useExtensions(account.id);
  const listed = extensions.data?.data ?? [];
  const known = new Set(listed.map((extension) => extension.num));
  const rows: ExtensionRow[] = [
    ...listed.map((extension) => ({ ...extension, missing: false })),
    ...settings.users
      .filter((user) => user.account_id === account.id && !known.has(user.extension))
      .map((user) => ({ num: user.extension, name: '', webrtc: false, missing: true })),
  ];
  const title = account.branch ? `${account.domain} · ${account.branch.name}` : account.domain;
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {title}
      </Typography.Title>
      {extensions.isError && <Alert type="error" showIcon title={telephonyErrorText(t, extensions.error)} />}
      <Table<ExtensionRow>
        rowKey="num"
        size="small"
        pagination={false}
        loading={extensions.isPending}
        dataSource={extensions.isError ? [] : rows}
        locale={{ emptyText: t('telephony.users.noExtensions') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'num', title: t('telephony.users.extension'), dataIndex: 'num' },
          {
            key: 'name',
            title: t('telephony.users.extensionName'),
            render: (_, row) => (
              <Flex gap={4} wrap>
                {row.name}
                {row.missing && <Tag color="red">{t('telephony.users.missing')}</Tag>}
                {!row.missing && !row.webrtc && <Tag color="orange">{t('telephony.users.noWebrtc')}</Tag>}
              </Flex>
            ),
          },
          {
            key: 'user',
            title: t('telephony.users.user'),
            render: (_, row) => (
              <Select<number>
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={t('telephony.users.userOf', { extension: row.num })}
                placeholder={t('telephony.users.nobody')}
                value={mapping[slot(account.id, row.num)]}
                options={staffOptions}
                loading={staffLoading}
                onChange={(userId) => onChange(row.num, userId)}
                style={{ width: 240 }}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
