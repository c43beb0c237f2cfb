import {
  type CompanySettings,
  type CompanySettingsUpdate,
  companySettingsUpdateSchema,
  formatPhone,
  LANGUAGES,
  type Language,
  normalizePhone,
  THEMES,
} from '@crm/contracts';
import { Flex, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { splitTheme, THEME_PRIMARY } from '../../app/theme/theme-config';
import { schemaRule } from '../../shared/forms/field-rules';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { SettingsFormCard } from './settings-form-card';
import { WORKING_HOURS_FIELDS, WorkingHoursFields } from './working-hours-fields';

interface ProfileValues {
  name: string;
  phone: string;
  about: string;
  lead_about: string;
  facebook_pixel: string;
  start_of_working_day: string;
  end_of_working_day: string;
  locale: Language;
  theme_color: string;
}
const FIELDS = [
  'name',
  'phone',
  'about',
  'lead_about',
  'facebook_pixel',
  ...WORKING_HOURS_FIELDS,
  'locale',
  'theme_color',
] as const;

const TEXT_MAX = 2000;
const PIXEL = /^\d{5,20}$/;

const valuesOf = (company: CompanySettings): ProfileValues => ({
  name: company.name,
  phone: formatPhone(company.phone ?? '', company.datas.country),
  about: company.about ?? '',
  lead_about: company.lead_about ?? '',
  facebook_pixel: company.facebook_pixel ?? '',
  start_of_working_day: company.start_of_working_day,
  end_of_working_day: company.end_of_working_day,
  locale: company.datas.locale,
  theme_color: company.datas.theme_color,
});

const orNull = (text: string) => text.trim() || null;

/** The values as the API takes them; of those, only what differs from the saved ones is sent. */
function changedInput(values: ProfileValues, saved: ProfileValues, country: string): CompanySettingsUpdate {
  const asInput = (v: ProfileValues): CompanySettingsUpdate => ({
    name: v.name.trim(),
    phone: v.phone.trim() ? normalizePhone(v.phone, country) : null,
    about: orNull(v.about),
    lead_about: orNull(v.lead_about),
    facebook_pixel: orNull(v.facebook_pixel),
    start_of_working_day: v.start_of_working_day,
    end_of_working_day: v.end_of_working_day,
    locale: v.locale,
    theme_color: v.theme_color,
  });
  const next = asInput(values);
  const before = asInput(saved);
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => value !== before[key as keyof CompanySettingsUpdate]),
  ) as CompanySettingsUpdate;
}

/** Spec §3 Company: the centre's name, contacts, texts, hours, language and colours. */
export function CompanyProfileCard({ company }: { company: CompanySettings }) {
  const { t } = useTranslation();
  const country = company.datas.country;
  const pixelRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      if (value?.trim() && !PIXEL.test(value.trim())) throw new Error(t('settings.profile.pixelDigits'));
    },
  };
  const themeOptions = THEMES.map((theme) => {
    const [mode, color] = splitTheme(theme);
    return {
      value: theme,
      label: (
        <Flex align="center" gap={8}>
          <span
            aria-hidden
            style={{ width: 12, height: 12, borderRadius: 6, flex: 'none', background: THEME_PRIMARY[color] }}
          />
          {`${t(`themes.${mode}`)}, ${t(`themes.${color}`)}`}
        </Flex>
      ),
    };
  });
  const half = { flex: '1 1 240px', minWidth: 0 };

  return (
    <SettingsFormCard<ProfileValues, CompanySettings>
      title={t('settings.profile.title')}
      company={company}
      fields={FIELDS}
      valuesOf={valuesOf}
      toInput={(values, saved) => changedInput(values, saved, country)}
      editable={company.policies.can_edit}
    >
      <Flex gap={16} wrap>
        <Form.Item
          name="name"
          label={t('settings.profile.name')}
          rules={[schemaRule(t, companySettingsUpdateSchema.shape.name.unwrap())]}
          style={half}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="phone" label={t('settings.profile.phone')} rules={[phoneRule(t, country, false)]} style={half}>
          <PhoneInput country={country} aria-label={t('settings.profile.phone')} />
        </Form.Item>
      </Flex>
      <Form.Item name="about" label={t('settings.profile.about')} extra={t('settings.profile.aboutHelp')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="lead_about" label={t('settings.profile.leadAbout')} extra={t('settings.profile.leadAboutHelp')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={TEXT_MAX} />
      </Form.Item>
      <WorkingHoursFields required />
      <Flex gap={16} wrap>
        <Form.Item
          name="locale"
          label={t('settings.profile.locale')}
          extra={t('settings.profile.localeHelp')}
          style={half}
        >
          <Select
            aria-label={t('settings.profile.locale')}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="theme_color"
          label={t('settings.profile.theme')}
          extra={t('settings.profile.themeHelp')}
          style={half}
        >
          <Select aria-label={t('settings.profile.theme')} options={themeOptions} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="facebook_pixel"
        label={t('settings.profile.pixel')}
        extra={t('settings.profile.pixelHelp')}
        rules={[pixelRule]}
      >
        <Input inputMode="numeric" autoComplete="off" style={{ maxWidth: 320 }} />
      </Form.Item>
    </SettingsFormCard>
  );
}
