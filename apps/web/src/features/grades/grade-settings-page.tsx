import {
  DEFAULT_RATING_ATTENDANCE_WEIGHT,
  GRADE_MAX_SCORE_LIMIT,
  type GradeSettings,
  type GradeSettingsValues,
  RATING_IN_PROFILE,
} from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Select, Skeleton, Slider, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { SwitchRow } from '../settings/settings-form-card';
import { GradeOverviewCard } from './grade-overview-card';
import { useGradeSettings, useSaveGradeSettings } from './grades-api';

const SWITCHES = ['aggregate_by_month', 'calculate_average', 'allow_past_dates', 'allow_non_teachers'] as const;

const valuesOf = ({ grade_count: _, policies: __, ...values }: GradeSettings): GradeSettingsValues => values;

/** Spec §2 settings-grade: the company's grade settings, and each group's grades as a graph or a table. */
export function GradeSettingsPage() {
  const { t } = useTranslation();
  const settings = useGradeSettings();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('grades.settings.title')}
      </Typography.Title>
      {settings.isError && !isHandledGlobally(settings.error) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, settings.error)}
          action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {!settings.data && !settings.isError && <Skeleton active paragraph={{ rows: 6 }} />}
      {settings.data && <GradeSettingsCard settings={settings.data} />}
      <GradeOverviewCard />
    </Flex>
  );
}

/**
 * The settings form. A new max score deletes every grade given so far (spec §5): a confirmation says how
 * many, and the server checks the number confirmed is still the number there is.
 */
function GradeSettingsCard({ settings }: { settings: GradeSettings }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<GradeSettingsValues>();
  const save = useSaveGradeSettings();
  const editable = settings.policies.edit;

  useEffect(() => form.setFieldsValue(valuesOf(settings)), [form, settings]);

  const send = (values: GradeSettingsValues, deleteGrades?: number) =>
    save.mutate(
      { ...values, delete_grades: deleteGrades },
      {
        onSuccess: () => void message.success(t('grades.settings.saved')),
        onError: (error) => {
          const count = deletionCount(error);
          if (count !== null) confirmDeletion(values, count);
          else message.error(errorMessage(t, error));
        },
      },
    );

  const confirmDeletion = (values: GradeSettingsValues, count: number) =>
    modal.confirm({
      title: t('grades.settings.deleteTitle', { max: values.max_score }),
      content: t('grades.settings.deleteText', { count }),
      okText: t('grades.settings.deleteOk', { count }),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => send(values, count),
    });

  const submit = (values: GradeSettingsValues) => {
    if (values.max_score !== settings.max_score && settings.grade_count > 0)
      confirmDeletion(values, settings.grade_count);
    else send(values);
  };

  return (
    <Card title={t('grades.settings.cardTitle')}>
      <Form<GradeSettingsValues>
        form={form}
        layout="vertical"
        disabled={!editable || save.isPending}
        initialValues={valuesOf(settings)}
        onFinish={submit}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="max_score"
          label={t('grades.settings.maxScore')}
          extra={t('grades.settings.maxScoreHelp', { count: settings.grade_count })}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber min={2} max={GRADE_MAX_SCORE_LIMIT} precision={0} style={{ width: 140 }} />
        </Form.Item>
        {SWITCHES.map((name) => (
          <SwitchRow
            key={name}
            name={name}
            label={t(`grades.settings.${name}`)}
            help={t(`grades.settings.${name}Help`)}
          />
        ))}
        <Form.Item
          name="rating_in_profile"
          label={t('grades.settings.rating_in_profile')}
          extra={t('grades.settings.rating_in_profileHelp')}
          style={{ marginTop: 12 }}
        >
          <Select
            style={{ maxWidth: 320 }}
            options={RATING_IN_PROFILE.map((value) => ({ value, label: t(`grades.settings.rating.${value}`) }))}
          />
        </Form.Item>
        <AttendanceWeightField />
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

/**
 * The rating's weights (issue 19): the share of attendance, grades taking the rest, both shown as it moves so
 * nobody has to work out the other half.
 */
function AttendanceWeightField() {
  const { t } = useTranslation();
  const attendance = Form.useWatch<number | undefined>('rating_attendance_weight') ?? DEFAULT_RATING_ATTENDANCE_WEIGHT;
  const label = t('grades.settings.rating_attendance_weight');
  return (
    <Form.Item label={label} extra={t('grades.settings.rating_attendance_weightHelp')}>
      <Flex vertical style={{ maxWidth: 320 }}>
        <Form.Item name="rating_attendance_weight" noStyle>
          <Slider min={0} max={100} step={5} ariaLabelForHandle={label} />
        </Form.Item>
        <Typography.Text>{t('grades.settings.weightShares', { grades: 100 - attendance, attendance })}</Typography.Text>
      </Flex>
    </Form.Item>
  );
}

/** The count the server says a new max score would delete (409 grades_would_be_deleted), else null. */
function deletionCount(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'grades_would_be_deleted') return null;
  const count = (error.details as { count?: unknown } | undefined)?.count;
  return typeof count === 'number' ? count : null;
}
