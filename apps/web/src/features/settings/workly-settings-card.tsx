import type { WorklyConnection, WorklyCredentialsInput } from '@crm/contracts';
import { App, Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { saveForm } from '../courses/form-errors';
import { dateText } from '../users/people-kinds';
import { useRemoveWorklyConnection, useSaveWorklyConnection, useWorklyConnection } from '../workly/workly-api';

const FIELDS = ['client_id', 'client_secret', 'username', 'password'] as const;

/**
 * Workly's credentials (docs/decisions/0019): entered, replaced or removed here, never shown back — the
 * server answers only whether they are set, with the client id and the log-in masked.
 */
export function WorklySettingsCard() {
  const { t } = useTranslation();
  const connection = useWorklyConnection();
  const [editing, setEditing] = useState(false);
  const data = connection.data;
  // The answer is read defensively: the card must never break the settings page around it.
  const configured = data?.configured === true;
  // The Workly report's "Open the settings" leads here (/settings#workly): once drawn, the card is shown.
  const card = useRef<HTMLDivElement>(null);
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === '#workly') card.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);

  let body: ReactNode;
  if (connection.isError) {
    body = isHandledGlobally(connection.error) ? null : (
      <Typography.Text type="danger">{errorMessage(t, connection.error)}</Typography.Text>
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (configured && !editing) {
    body = <ConnectedView connection={data} onReplace={() => setEditing(true)} />;
  } else {
    body = <CredentialsForm replacing={configured} onDone={() => setEditing(false)} />;
  }
  return (
    <Card
      id="workly"
      ref={card}
      title={t('workly.settings.title')}
      extra={
        data &&
        (configured ? (
          <Tag color="green">{t('workly.settings.connected')}</Tag>
        ) : (
          <Tag>{t('workly.settings.notConnected')}</Tag>
        ))
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('workly.settings.help')}</Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}

function ConnectedView({ connection, onReplace }: { connection: WorklyConnection; onReplace: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useRemoveWorklyConnection();
  const disconnect = async () => {
    try {
      await remove.mutateAsync(undefined);
      message.success(t('workly.settings.removed'));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'client', label: t('workly.settings.clientId'), children: connection.client_id_masked },
          { key: 'login', label: t('workly.settings.username'), children: connection.username_masked },
          { key: 'since', label: t('workly.settings.since'), children: dateText(connection.connected_at) },
        ]}
      />
      <Flex justify="flex-end" gap={8} wrap>
        <Popconfirm
          title={t('workly.settings.removeQuestion')}
          description={t('workly.settings.removeWarning')}
          okText={t('workly.settings.remove')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => disconnect()}
        >
          <Button danger loading={remove.isPending}>
            {t('workly.settings.remove')}
          </Button>
        </Popconfirm>
        <Button onClick={onReplace}>{t('workly.settings.replace')}</Button>
      </Flex>
    </>
  );
}

function CredentialsForm({ replacing, onDone }: { replacing: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WorklyCredentialsInput>();
  const save = useSaveWorklyConnection();
  const required = [{ required: true, whitespace: true, message: t('workly.settings.required') }];
  const submit = (values: WorklyCredentialsInput) =>
    saveForm(t, message, form, () => save.mutateAsync(values), {
      fields: FIELDS,
      success: t('workly.settings.saved'),
      onSaved: () => {
        form.resetFields();
        onDone();
      },
    });
  return (
    <Form<WorklyCredentialsInput>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      autoComplete="off"
    >
      <Flex gap={16} wrap>
        <Form.Item
          name="client_id"
          label={t('workly.settings.clientId')}
          rules={required}
          style={{ flex: '1 1 240px' }}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="client_secret"
          label={t('workly.settings.clientSecret')}
          rules={required}
          style={{ flex: '1 1 240px' }}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name="username" label={t('workly.settings.username')} rules={required} style={{ flex: '1 1 240px' }}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('workly.settings.password')} rules={required} style={{ flex: '1 1 240px' }}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('workly.settings.secretsNote')}
      </Typography.Paragraph>
      <Flex justify="flex-end" gap={8} wrap>
        {replacing && <Button onClick={onDone}>{t('common.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {replacing ? t('workly.settings.saveReplacement') : t('workly.settings.connect')}
        </Button>
      </Flex>
    </Form>
  );
}
