import type { MeetingSettings } from '@crm/contracts';
import { App, Button, Card, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveForm } from '../courses/form-errors';
import { useMeetingSettings, useSaveMeetingSettings } from './meetings-api';

interface Values {
  server_url: string;
  app_id: string;
  app_secret: string;
}

const FIELDS = ['server_url', 'app_id', 'app_secret'] as const;

/**
 * The company's Jitsi Meet server for online lessons (issue 19): its address and, for a self-hosted server with
 * token authentication, the application id and shared secret — the secret is sent, never shown back.
 */
export function MeetingSettingsCard() {
  const { t } = useTranslation();
  const settings = useMeetingSettings();
  // Read by owner, CEO and branch director only (the settings area); others see nothing of it.
  if (settings.isError) return null;
  return (
    <Card
      id="meetings"
      title={t('meetings.settings.title')}
      extra={
        settings.data &&
        (settings.data.server_url ? (
          <Tag color="green">{t('meetings.settings.on')}</Tag>
        ) : (
          <Tag>{t('meetings.settings.off')}</Tag>
        ))
      }
    >
      {settings.data ? <SettingsForm settings={settings.data} /> : <Skeleton active paragraph={{ rows: 3 }} />}
    </Card>
  );
}

function SettingsForm({ settings }: { settings: MeetingSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveMeetingSettings();
  const editable = settings.policies.edit;
  const submit = (values: Values) =>
    saveForm(
      t,
      message,
      form,
      () =>
        save.mutateAsync({
          server_url: values.server_url.trim() || null,
          app_id: values.app_id.trim() || null,
          ...(values.app_secret ? { app_secret: values.app_secret } : {}),
        }),
      { fields: FIELDS, success: t('meetings.settings.saved'), onSaved: () => form.setFieldValue('app_secret', '') },
    );
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={{ server_url: settings.server_url ?? '', app_id: settings.app_id ?? '', app_secret: '' }}
      onFinish={submit}
    >
      <Typography.Paragraph type="secondary">{t('meetings.settings.help')}</Typography.Paragraph>
      <Form.Item name="server_url" label={t('meetings.settings.server')} extra={t('meetings.settings.serverHint')}>
        <Input placeholder="https://meet.example.uz" inputMode="url" />
      </Form.Item>
      <Form.Item name="app_id" label={t('meetings.settings.appId')} extra={t('meetings.settings.appIdHint')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="app_secret"
        label={t('meetings.settings.secret')}
        extra={settings.secret_set ? t('meetings.settings.secretKept') : t('meetings.settings.secretHint')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
