import {
  type CompanyPublic,
  DEFAULT_LESSONS_PER_MONTH,
  DEFAULT_STUDENT_PAYMENT_MODE,
  LESSONS_PER_MONTH,
  type LessonsPerMonth,
  STUDENT_PAYMENT_MODES,
  type StudentPaymentMode,
} from '@crm/contracts';
import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsFormCard } from './settings-form-card';

interface BillingSettings {
  student_payment_mode: StudentPaymentMode;
  lessons_per_month_status: LessonsPerMonth;
}
const FIELDS = ['student_payment_mode', 'lessons_per_month_status'] as const;

const valuesOf = (company: CompanyPublic): BillingSettings => ({
  student_payment_mode: company.datas.student_payment_mode ?? DEFAULT_STUDENT_PAYMENT_MODE,
  lessons_per_month_status: company.datas.lessons_per_month_status ?? DEFAULT_LESSONS_PER_MONTH,
});

/** Spec §9: how students are charged (docs/billing.md explains each mode). */
export function BillingSettingsCard({ company, editable = true }: { company: CompanyPublic; editable?: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsFormCard<BillingSettings>
      title={t('settings.billing.title')}
      company={company}
      editable={editable}
      fields={FIELDS}
      valuesOf={valuesOf}
      toInput={(values) => values}
      // Charges already booked stay in their old mode: a change mid-month can charge a unit twice.
      confirmation={(values, saved) =>
        values.student_payment_mode !== saved.student_payment_mode
          ? { title: t('settings.billing.confirmTitle'), content: t('settings.billing.confirmText') }
          : null
      }
    >
      <Form.Item name="student_payment_mode" label={t('settings.billing.mode')} extra={t('settings.billing.modeHelp')}>
        <Select
          aria-label={t('settings.billing.mode')}
          style={{ maxWidth: 420 }}
          options={STUDENT_PAYMENT_MODES.map((mode) => ({ value: mode, label: t(`settings.billing.modes.${mode}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="lessons_per_month_status"
        label={t('settings.billing.lessonsPerMonth')}
        extra={t('settings.billing.lessonsPerMonthHelp')}
      >
        <Select
          aria-label={t('settings.billing.lessonsPerMonth')}
          style={{ maxWidth: 420 }}
          options={LESSONS_PER_MONTH.map((value) => ({
            value,
            label: t(`settings.billing.lessons.${value}`),
          }))}
        />
      </Form.Item>
      <Alert type="info" showIcon title={t('settings.billing.whenApplies')} style={{ marginBottom: 16 }} />
    </SettingsFormCard>
  );
}
