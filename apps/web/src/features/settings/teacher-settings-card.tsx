import { type CompanyPublic, countryRules } from '@crm/contracts';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormCard, SwitchRow } from './settings-form-card';
import { timeZoneOptions, utcOffset } from './time-zones';

/** The picker's value for "the country's zone" (stored as null). */
const COUNTRY_ZONE = 'country';

interface TeacherSettings {
  teacher_attendance_only_during_lesson: boolean;
  lesson_start_time_step_five_minutes: boolean;
  time_zone: string;
}
const FIELDS = ['teacher_attendance_only_during_lesson', 'lesson_start_time_step_five_minutes', 'time_zone'] as const;

const valuesOf = (company: CompanyPublic): TeacherSettings => ({
  teacher_attendance_only_during_lesson: company.datas.teacher_attendance_only_during_lesson ?? false,
  lesson_start_time_step_five_minutes: company.datas.lesson_start_time_step_five_minutes,
  time_zone: company.datas.time_zone ?? COUNTRY_ZONE,
});

const toInput = (values: TeacherSettings) => ({
  ...values,
  time_zone: values.time_zone === COUNTRY_ZONE ? null : values.time_zone,
});

/** The teachers' switches and the company's clock. */
export function TeacherSettingsCard({ company, editable = true }: { company: CompanyPublic; editable?: boolean }) {
  const { t } = useTranslation();
  const countryZone = countryRules(company.datas.country).timeZone;
  const zoneOptions = useMemo(() => {
    const stored = company.datas.time_zone;
    return [
      {
        value: COUNTRY_ZONE,
        label: t('settings.zoneOfCountry', { zone: countryZone, offset: utcOffset(countryZone).text }),
      },
      ...timeZoneOptions(stored ? [stored] : []).map((option) => ({
        value: option.zone,
        label: `${option.zone} (${option.offset})`,
      })),
    ];
  }, [company.datas.time_zone, countryZone, t]);

  return (
    <SettingsFormCard<TeacherSettings>
      title={t('settings.teachers.title')}
      company={company}
      editable={editable}
      fields={FIELDS}
      valuesOf={valuesOf}
      toInput={toInput}
    >
      <SwitchRow
        name="teacher_attendance_only_during_lesson"
        label={t('settings.teachers.onlyDuringLesson')}
        help={t('settings.teachers.onlyDuringLessonHelp')}
      />
      <SwitchRow
        name="lesson_start_time_step_five_minutes"
        label={t('settings.teachers.fiveMinuteStep')}
        help={t('settings.teachers.fiveMinuteStepHelp')}
      />
      <Form.Item
        name="time_zone"
        label={t('settings.teachers.timeZone')}
        extra={t('settings.teachers.timeZoneHelp')}
        style={{ marginTop: 8 }}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={zoneOptions}
          style={{ maxWidth: 420 }}
          aria-label={t('settings.teachers.timeZone')}
        />
      </Form.Item>
    </SettingsFormCard>
  );
}
