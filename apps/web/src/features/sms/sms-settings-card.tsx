import { SMS_PROVIDERS, type SmsOwnProvider, type SmsProviderName, type SmsSettings } from '@crm/contracts';
import {
  App,
  Button,
  Card,
  Divider,
  Flex,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { runAction, saveForm } from '../courses/form-errors';
import { useSmsSettings, useUpdateSmsSettings } from './sms-api';
import { SmsUsageSummary } from './sms-parts';

/**
 * The company's SMS account on the settings page (spec §8): the sender name, whether teachers may write to
 * their own students (spec §6), the month's use, and its own operator — whose credentials are entered here
 * and never shown back (the server answers only which operator is connected).
 */
export function SmsSettingsCard() {
  const { t } = useTranslation();
  const settings = useSmsSettings();
  // The answer is read defensively: the card must never break the settings page around it.
  const data = settings.data?.usage && settings.data.policies ? settings.data : undefined;
  let body: ReactNode;
  if (settings.isError) {
    body = isHandledGlobally(settings.error) ? null : (
      <Typography.Text type="danger">{errorMessage(t, settings.error)}</Typography.Text>
    );
  } else if (settings.data && !data) {
    body = null;
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    body = (
      <>
        <SmsUsageSummary usage={data.usage} />
        <Divider style={{ margin: '8px 0' }} />
        <GeneralForm settings={data} />
        <Divider style={{ margin: '8px 0' }} />
        <OwnOperator settings={data} />
      </>
    );
  }
  return (
    <Card
      id="sms"
      title={t('sms.settings.title')}
      extra={
        data && (
          <Tag color={data.own_provider ? 'green' : 'default'}>
            {data.own_provider ? t(`sms.settings.providers.${data.own_provider}`) : t('sms.settings.shared')}
          </Tag>
        )
      }
    >
      <Flex vertical gap={12}>
        {body}
      </Flex>
    </Card>
  );
}

function GeneralForm({ settings }: { settings: SmsSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ sender: string; teachers_may_send: boolean }>();
  const update = useUpdateSmsSettings();
  const submit = (values: { sender: string; teachers_may_send: boolean }) =>
    saveForm(
      t,
      message,
      form,
      () => update.mutateAsync({ sender: values.sender.trim() || null, teachers_may_send: values.teachers_may_send }),
      { fields: ['sender', 'teachers_may_send'], success: t('sms.settings.saved'), onSaved: () => {} },
    );
  return (
    <Form
      form={form}
      name="sms-settings"
      layout="vertical"
      requiredMark={false}
      disabled={!settings.policies.edit}
      initialValues={{ sender: settings.sender ?? '', teachers_may_send: settings.teachers_may_send }}
      onFinish={submit}
    >
      <Form.Item
        name="sender"
        label={t('sms.settings.sender')}
        extra={t('sms.settings.senderHint')}
        rules={[{ max: 11 }]}
        style={{ maxWidth: 320 }}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Flex gap={8} align="center">
        <Form.Item name="teachers_may_send" valuePropName="checked" noStyle>
          <Switch id="sms-teachers-may-send" />
        </Form.Item>
        <label htmlFor="sms-teachers-may-send">{t('sms.settings.teachersMaySend')}</label>
      </Flex>
      {settings.policies.edit && (
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

/** The company's own operator: connected (which one; disconnect after a question) or the form to connect one. */
function OwnOperator({ settings }: { settings: SmsSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateSmsSettings();
  const [replacing, setReplacing] = useState(false);
  const provider = settings.own_provider;
  const mayEdit = settings.policies.edit;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('sms.settings.ownOperator')}</Typography.Text>
      <Typography.Text type="secondary">{t('sms.settings.ownOperatorHint')}</Typography.Text>
      {provider && !replacing ? (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text>
            {t('sms.settings.connectedTo', { name: t(`sms.settings.providers.${provider}`) })}
          </Typography.Text>
          {mayEdit && (
            <Flex gap={8} wrap>
              <Button onClick={() => setReplacing(true)}>{t('sms.settings.replace')}</Button>
              <Popconfirm
                title={t('sms.settings.disconnectQuestion')}
                description={t('sms.settings.disconnectWarning')}
                okText={t('sms.settings.disconnect')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  runAction(
                    t,
                    message,
                    () => update.mutateAsync({ own_provider: null }),
                    t('sms.settings.disconnected'),
                  )
                }
              >
                <Button danger loading={update.isPending}>
                  {t('sms.settings.disconnect')}
                </Button>
              </Popconfirm>
            </Flex>
          )}
        </Flex>
      ) : (
        mayEdit && (
          <ProviderForm
            initial={provider ?? 'eskiz'}
            onCancel={provider ? () => setReplacing(false) : undefined}
            onDone={() => setReplacing(false)}
          />
        )
      )}
    </Flex>
  );
}

const CREDENTIAL_FIELDS = ['email', 'username', 'password', 'originator'] as const;

function ProviderForm({
  initial,
  onCancel,
  onDone,
}: {
  initial: SmsProviderName;
  onCancel?: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<(typeof CREDENTIAL_FIELDS)[number], string>>();
  const [provider, setProvider] = useState<SmsProviderName>(initial);
  const update = useUpdateSmsSettings();
  const required = [{ required: true, whitespace: true, message: t('validation.required') }];
  const submit = (values: Record<(typeof CREDENTIAL_FIELDS)[number], string>) => {
    const ownProvider: SmsOwnProvider =
      provider === 'eskiz'
        ? { provider, email: values.email.trim(), password: values.password }
        : {
            provider,
            username: values.username.trim(),
            password: values.password,
            originator: values.originator.trim(),
          };
    return saveForm(t, message, form, () => update.mutateAsync({ own_provider: ownProvider }), {
      fields: CREDENTIAL_FIELDS,
      fieldOfCode: { sms_credentials_rejected: 'password' },
      success: t('sms.settings.connected', { name: t(`sms.settings.providers.${provider}`) }),
      onSaved: () => {
        form.resetFields();
        onDone();
      },
    });
  };
  const field = (name: (typeof CREDENTIAL_FIELDS)[number], secret = false, max = 200) => (
    <Form.Item
      name={name}
      label={t(`sms.settings.fields.${name}`)}
      rules={[...required, { max }]}
      style={{ flex: '1 1 220px' }}
    >
      {secret ? <Input.Password autoComplete="new-password" /> : <Input autoComplete="off" maxLength={max} />}
    </Form.Item>
  );
  return (
    <Form form={form} name="sms-operator" layout="vertical" requiredMark={false} autoComplete="off" onFinish={submit}>
      <Form.Item label={t('sms.settings.provider')}>
        <Segmented<SmsProviderName>
          value={provider}
          onChange={setProvider}
          options={SMS_PROVIDERS.map((name) => ({ value: name, label: t(`sms.settings.providers.${name}`) }))}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        {provider === 'eskiz' ? field('email') : field('username')}
        {field('password', true)}
        {provider === 'playmobile' && field('originator', false, 11)}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('sms.settings.secretsNote')}
      </Typography.Paragraph>
      <Flex justify="flex-end" gap={8} wrap>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('sms.settings.connect')}
        </Button>
      </Flex>
    </Form>
  );
}
