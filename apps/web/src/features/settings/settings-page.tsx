import { type CompanyPublic, countryRules } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, Select, Skeleton, Switch, Typography, theme } from 'antd';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { saveForm } from '../courses/form-errors';
import { useCompany, useSaveCompanySettings } from './settings-api';
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

/** Spec §2 settings (general company settings): for now the teachers' and the timetable's switches. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { company: stored } = useSession();
  const company = useCompany(stored?.id);

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
    body = <TeacherSettingsCard company={company.data} />;
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

function TeacherSettingsCard({ company }: { company: CompanyPublic }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TeacherSettings>();
  const [saved, setSaved] = useState(() => valuesOf(company));
  const current = Form.useWatch([], form) as Partial<TeacherSettings> | undefined;
  const save = useSaveCompanySettings(company.id);
  const dirty = FIELDS.some((field) => current?.[field] !== undefined && current[field] !== saved[field]);

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

  const submit = (values: TeacherSettings) =>
    saveForm(
      t,
      message,
      form,
      () =>
        save.mutateAsync({
          ...values,
          time_zone: values.time_zone === COUNTRY_ZONE ? null : values.time_zone,
        }),
      {
        fields: FIELDS,
        success: t('settings.saved'),
        onSaved: () => setSaved(values),
      },
    );

  return (
    <Card title={t('settings.teachers.title')}>
      <Form<TeacherSettings> form={form} layout="vertical" initialValues={saved} onFinish={submit} requiredMark={false}>
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
        <Flex justify="flex-end" gap={8} wrap>
          <Button disabled={!dirty || save.isPending} onClick={() => form.setFieldsValue(saved)}>
            {t('settings.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
            {t('settings.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A switch with its name and what it does, the switch at the end of the line. */
function SwitchRow({ name, label, help }: { name: keyof TeacherSettings; label: string; help: string }) {
  const labelId = useId();
  const { token } = theme.useToken();
  return (
    <Flex
      justify="space-between"
      align="flex-start"
      gap={16}
      style={{ paddingBlock: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong id={labelId}>
          {label}
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
          {help}
        </Typography.Paragraph>
      </div>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-labelledby={labelId} style={{ flex: 'none', marginTop: 2 }} />
      </Form.Item>
    </Flex>
  );
}
