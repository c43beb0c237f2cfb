import { type PlatformSettings, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useConsoleSettings, useSaveSettings } from './console-api';

interface SettingsForm {
  trial_days: number;
  chat_on: boolean;
  base_url?: string;
  website_token?: string;
}

const toForm = (settings: PlatformSettings): SettingsForm => ({
  trial_days: settings.trial_days,
  chat_on: settings.support_chat !== null,
  base_url: settings.support_chat?.base_url,
  website_token: settings.support_chat?.website_token,
});

/** The platform settings: the trial length of new centres' licences and the support chat of every page. */
export function ConsoleSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useConsoleSettings();
  const save = useSaveSettings();
  const [form] = Form.useForm<SettingsForm>();
  const chatOn = Form.useWatch('chat_on', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data));
  }, [settings.data, form]);

  const submit = (values: SettingsForm) => {
    const body: PlatformSettings = {
      trial_days: values.trial_days,
      support_chat:
        values.chat_on && values.base_url && values.website_token
          ? { base_url: values.base_url.trim(), website_token: values.website_token.trim() }
          : null,
    };
    save.mutate(body, {
      onSuccess: () => void message.success(t('console.settings.saved')),
      onError: (error) => {
        // The server's field words (it checks the address and token too) go under their fields.
        if (error instanceof ApiError && error.fieldErrors.length) {
          form.setFields(
            error.fieldErrors.map((problem) => ({
              name: problem.field.replace(/^support_chat\./, '') as keyof SettingsForm,
              errors: [problem.message || t('console.settings.invalid')],
            })),
          );
        } else void message.error(errorMessage(t, error));
      },
    });
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('console.settings.title')}
      </Typography.Title>
      {settings.isError && <Alert type="error" showIcon title={errorMessage(t, settings.error)} />}
      {settings.isPending && <Skeleton active />}
      {settings.data && (
        <Form form={form} layout="vertical" initialValues={toForm(settings.data)} onFinish={submit}>
          <Card title={t('console.settings.trialTitle')} size="small" style={{ marginBottom: 16 }}>
            <Form.Item
              name="trial_days"
              label={t('console.settings.trialDays')}
              extra={t('console.settings.trialHint')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: TRIAL_DAYS_MIN,
                  max: TRIAL_DAYS_MAX,
                  message: t('console.settings.trialInvalid', { min: TRIAL_DAYS_MIN, max: TRIAL_DAYS_MAX }),
                },
              ]}
            >
              <InputNumber min={TRIAL_DAYS_MIN} max={TRIAL_DAYS_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Card>
          <Card title={t('console.settings.chatTitle')} size="small" style={{ marginBottom: 16 }}>
            <Typography.Paragraph type="secondary">{t('console.settings.chatHint')}</Typography.Paragraph>
            <Form.Item name="chat_on" label={t('console.settings.chatOn')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {chatOn && (
              <>
                <Form.Item
                  name="base_url"
                  label={t('console.settings.baseUrl')}
                  rules={[
                    { required: true, message: t('console.settings.baseUrlInvalid') },
                    { type: 'url', pattern: /^https?:\/\//, message: t('console.settings.baseUrlInvalid') },
                  ]}
                >
                  <Input placeholder="https://chat.example.com" inputMode="url" maxLength={200} />
                </Form.Item>
                <Form.Item
                  name="website_token"
                  label={t('console.settings.websiteToken')}
                  rules={[
                    { required: true, message: t('console.settings.tokenInvalid') },
                    { pattern: /^[A-Za-z0-9_-]{8,64}$/, message: t('console.settings.tokenInvalid') },
                  ]}
                >
                  <Input autoComplete="off" maxLength={64} />
                </Form.Item>
              </>
            )}
          </Card>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      )}
    </Flex>
  );
}
