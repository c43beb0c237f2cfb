import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { BackgroundWorkCard } from '../jobs/background-work';
import { MeetingSettingsCard } from '../meetings/meeting-settings-card';
import { OfferSettingsCard } from '../offer/offer-settings-card';
import { ProviderSettingsCard } from '../online-payments/provider-settings-card';
import { SmsSettingsCard } from '../sms/sms-settings-card';
import { TelegramReportCard } from '../telegram-report/telegram-report-card';
import { BillingSettingsCard } from './billing-settings-card';
import { CompanyPicturesCard } from './company-pictures-card';
import { CompanyProfileCard } from './company-profile-card';
import { useCompanySettings } from './settings-api';
import { TeacherSettingsCard } from './teacher-settings-card';
import { WorklySettingsCard } from './workly-settings-card';

/**
 * Spec §2 settings (general company settings), §3 Company: the centre's profile and pictures, the teachers'
 * and timetable's switches, how students are charged, the integrations. What may be changed is the server's
 * answer (policies.can_edit), not a rule of this page.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { company: stored } = useSession();
  const company = useCompanySettings(stored?.id);

  let body: ReactNode;
  if (company.isError && !isHandledGlobally(company.error)) {
    body = <Alert type="error" showIcon title={errorMessage(t, company.error)} />;
  } else if (!company.data) {
    body = (
      <Card>
        <Skeleton active />
      </Card>
    );
  } else {
    body = (
      <>
        {!company.data.policies.can_edit && <Alert type="info" showIcon title={t('settings.readOnly')} />}
        <CompanyProfileCard company={company.data} />
        <CompanyPicturesCard company={company.data} />
        <TeacherSettingsCard company={company.data} editable={company.data.policies.can_edit} />
        <BillingSettingsCard company={company.data} editable={company.data.policies.can_edit} />
        <OfferSettingsCard />
        <ProviderSettingsCard />
        <WorklySettingsCard />
        <MeetingSettingsCard />
        <BackgroundWorkCard />
        <SmsSettingsCard />
        <TelegramReportCard />
      </>
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      {body}
    </Flex>
  );
}
