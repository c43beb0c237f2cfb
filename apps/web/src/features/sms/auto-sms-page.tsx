import { AUTO_SMS_HOUR, type AutoSmsRuleSettings } from '@crm/contracts';
import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { AutoSmsRuleCard } from './auto-sms-rule-card';
import { useAutoRules } from './sms-api';

/**
 * Spec §2 auto-sms, §9: the automatic SMS — a card per rule with its switch, sender, days and text, and for
 * the daily ones who would get it tomorrow. Read only where the server's policies say so.
 */
export function AutoSmsPage() {
  const { t } = useTranslation();
  const rules = useAutoRules();
  const hour = rules.data?.send_hour ?? AUTO_SMS_HOUR;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 860 }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('sms.auto.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('sms.auto.subtitle', { hour })}</Typography.Text>
      </div>
      {rules.isError && !isHandledGlobally(rules.error) && (
        <Alert type="error" showIcon title={errorMessage(t, rules.error)} />
      )}
      {rules.isPending && (
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      )}
      {rules.data?.data.some((rule) => !rule.policies.edit) && (
        <Alert type="info" showIcon title={t('sms.auto.readOnly')} />
      )}
      {rules.data?.data.map((rule: AutoSmsRuleSettings) => (
        <AutoSmsRuleCard key={rule.rule} rule={rule} hour={hour} />
      ))}
    </Flex>
  );
}
