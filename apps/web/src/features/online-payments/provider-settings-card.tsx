import {
  type OnlineProvider,
  type ProviderAccount,
  providerCredentialsSchemas,
  SECRET_CREDENTIAL_FIELDS,
} from '@crm/contracts';
import { App, Button, Card, Flex, Form, Input, Skeleton, Switch, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useProviderAccounts, useSaveProviderAccount } from './online-payments-api';

/**
 * Issue 17 settings: the centre's own merchant accounts, through which its students pay their fees online.
 * Only the providers of the centre's country are shown. Secrets are typed, never shown back: a stored one
 * reads as "set", and a secret left empty keeps it (the server's rule, provider-accounts.ts).
 */
export function ProviderSettingsCard() {
  const { t } = useTranslation();
  const accounts = useProviderAccounts();
  let body: ReactNode;
  if (accounts.isError) {
    body = isHandledGlobally(accounts.error) ? null : (
      <Typography.Text type="danger">{errorMessage(t, accounts.error)}</Typography.Text>
    );
  } else if (!accounts.data) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    const available = accounts.data.data.filter((account) => account.available);
    const editable = accounts.data.policies.can_edit;
    body =
      available.length === 0 ? (
        <Typography.Text type="secondary">{t('onlinePayments.settings.noneInCountry')}</Typography.Text>
      ) : (
        available.map((account) => <ProviderSection key={account.provider} account={account} editable={editable} />)
      );
  }
  return (
    <Card id="online-payments" title={t('onlinePayments.settings.title')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('onlinePayments.settings.help')}</Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}

/** The provider's credential fields in its cabinet's order. */
const fieldsOf = (provider: OnlineProvider): string[] => Object.keys(providerCredentialsSchemas[provider].shape);
const isSecret = (provider: OnlineProvider, field: string) => SECRET_CREDENTIAL_FIELDS[provider].includes(field);

type ProviderValues = { enabled: boolean } & Record<string, string | boolean | undefined>;

function statusTag(account: ProviderAccount, t: (key: string) => string) {
  if (!account.configured) return <Tag>{t('onlinePayments.settings.notSetUp')}</Tag>;
  return account.enabled ? (
    <Tag color="green">{t('onlinePayments.settings.on')}</Tag>
  ) : (
    <Tag color="orange">{t('onlinePayments.settings.off')}</Tag>
  );
}

function ProviderSection({ account, editable }: { account: ProviderAccount; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProviderValues>();
  const save = useSaveProviderAccount();
  const { provider } = account;
  const fields = fieldsOf(provider);
  const initialValues: ProviderValues = {
    enabled: account.enabled,
    // Secrets start empty whatever is stored: the server never answers them, and empty means "keep".
    ...Object.fromEntries(
      fields.map((field) => [field, isSecret(provider, field) ? '' : (account.fields[field] ?? '')]),
    ),
  };

  const submit = async (values: ProviderValues) => {
    const credentials = Object.fromEntries(fields.map((field) => [field, String(values[field] ?? '').trim()]));
    try {
      await save.mutateAsync({ provider, enabled: values.enabled, credentials });
      message.success(t('onlinePayments.settings.saved', { provider: t(`finance.methods.${provider}`) }));
      form.setFieldsValue(Object.fromEntries(fields.filter((field) => isSecret(provider, field)).map((f) => [f, ''])));
    } catch (error) {
      // The server names incomplete credentials as `credentials.<field>`: each goes under its field.
      const problems = error instanceof ApiError ? error.fieldErrors : [];
      const named = problems
        .map((problem) => problem.field.replace(/^credentials\./, ''))
        .filter((field) => fields.includes(field));
      if (named.length > 0) {
        form.setFields(named.map((name) => ({ name, errors: [t('validation.required')] })));
      } else if (!isHandledGlobally(error)) {
        message.error(errorMessage(t, error));
      }
    }
  };

  return (
    <section aria-label={t(`finance.methods.${provider}`)} style={{ borderTop: '1px solid rgba(128,128,128,0.2)' }}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ padding: '12px 0' }}>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {t(`finance.methods.${provider}`)}
        </Typography.Title>
        {statusTag(account, t)}
      </Flex>
      <Form<ProviderValues>
        form={form}
        name={`online-${provider}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        disabled={!editable}
        requiredMark={false}
        autoComplete="off"
      >
        <Form.Item name="enabled" label={t('onlinePayments.settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Flex gap={16} wrap>
          {fields.map((field) => (
            <CredentialField
              key={field}
              field={field}
              secret={isSecret(provider, field)}
              set={account.secrets_set[field]}
            />
          ))}
        </Flex>
        <Typography.Text type="secondary">{t('onlinePayments.settings.callbackUrl')}</Typography.Text>
        <Typography.Paragraph copyable={{ text: account.callback_url }} style={{ wordBreak: 'break-all' }}>
          <Typography.Text code>{account.callback_url}</Typography.Text>
        </Typography.Paragraph>
        {editable && (
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('onlinePayments.settings.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </section>
  );
}

function CredentialField({ field, secret, set }: { field: string; secret: boolean; set?: boolean }) {
  const { t } = useTranslation();
  // A stored secret may stay empty (kept); a missing one, and every plain field, must be filled.
  const required = !(secret && set);
  return (
    <Form.Item
      name={field}
      label={t(`onlinePayments.fields.${field}`)}
      rules={required ? [{ required: true, whitespace: true, message: t('validation.required') }] : []}
      extra={secret && set ? t('onlinePayments.settings.secretKept') : undefined}
      style={{ flex: '1 1 220px', minWidth: 0 }}
    >
      {secret ? (
        <Input.Password
          autoComplete="new-password"
          placeholder={set ? t('onlinePayments.settings.secretSet') : undefined}
        />
      ) : (
        <Input autoComplete="off" />
      )}
    </Form.Item>
  );
}
