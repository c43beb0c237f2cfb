import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { SmsAudiencePicker } from './sms-audience-picker';
import { SmsLogList } from './sms-log-list';
import { SmsTemplatesTab } from './sms-templates-tab';

const TABS = ['sent', 'templates'] as const;
type Tab = (typeof TABS)[number];

/**
 * Spec §2 sms: the sent SMS with their delivery states (spec §4) and the month's use against the limit
 * (spec §8), and the company's templates (spec §3). `?tab=templates` opens the second tab.
 */
export function SmsLogPage() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'templates' ? 'templates' : 'sent';
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('sms.title')}
        </Typography.Title>
        <SmsAudiencePicker branchId={branch ?? undefined} />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'sent' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'sent', label: t('sms.tabs.sent'), children: <SmsLogList key={branch} branchId={branch} /> },
          { key: 'templates', label: t('sms.tabs.templates'), children: <SmsTemplatesTab /> },
        ]}
      />
    </Flex>
  );
}
