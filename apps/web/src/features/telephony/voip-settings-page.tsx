import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryGate } from '../gamification/query-gate';
import { useVoipSettings } from './telephony-api';
import { VoipAccountsForm } from './voip-accounts-form';
import { VoipUsersCard } from './voip-users-card';

/** Spec §2 admin/voip (settings-voip): the OnlinePBX accounts, then which staff member each extension serves. */
export function VoipSettingsPage() {
  const { t } = useTranslation();
  const settings = useVoipSettings();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('telephony.settings.title')}
      </Typography.Title>
      <QueryGate query={settings} loading={t('telephony.settings.loading')} rows={6}>
        {(data) => (
          <>
            <VoipAccountsForm settings={data} />
            {/* A new account set starts a new mapping to edit. */}
            <VoipUsersCard key={data.accounts.map((account) => account.id).join(',')} settings={data} />
          </>
        )}
      </QueryGate>
    </Flex>
  );
}
