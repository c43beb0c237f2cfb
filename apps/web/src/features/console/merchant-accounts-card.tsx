import {
  type ConsoleMerchant,
  type OnlineProvider,
  providerCredentialsSchemas,
  SECRET_CREDENTIAL_FIELDS,
} from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useMerchants, useSaveMerchant } from './console-licence-api';

type Credentials = Record<string, string | undefined>;

const fieldsOf = (provider: OnlineProvider) => Object.keys(providerCredentialsSchemas[provider].shape);
const isSecret = (provider: OnlineProvider, field: string) => SECRET_CREDENTIAL_FIELDS[provider].includes(field);

/**
 * One provider's account. A secret is a password field that is never filled in: the server answers only
 * whether one is stored, and an empty one keeps it.
 */
function MerchantForm({ merchant }: { merchant: ConsoleMerchant }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Credentials>();
  const save = useSaveMerchant();
  const { provider } = merchant;
  const name = t(`console.merchants.providers.${provider}`);

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.fieldErrors.length) {
      form.setFields(
        error.fieldErrors.map((problem) => ({
          name: problem.field.replace(/^credentials\./, ''),
          errors: [problem.message || t('console.settings.invalid')],
        })),
      );
    } else void message.error(errorMessage(t, error));
  };

  const submit = (values: Credentials) => {
    const credentials = Object.fromEntries(fieldsOf(provider).map((field) => [field, values[field]?.trim() ?? '']));
    save.mutate(
      { provider, body: { credentials } },
      {
        onSuccess: () => {
          // The secrets just sent leave the page: the fields show "set" again, empty.
          form.setFieldsValue(Object.fromEntries(SECRET_CREDENTIAL_FIELDS[provider].map((field) => [field, ''])));
          void message.success(t('console.merchants.saved', { name }));
        },
        onError,
      },
    );
  };

  const confirmRemoval = () =>
    modal.confirm({
      title: t('console.merchants.removeTitle', { name }),
      content: t('console.merchants.removeExplain'),
      okText: t('console.merchants.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        save
          .mutateAsync({ provider, body: { credentials: null } })
          .then(() => void message.success(t('console.merchants.removed', { name })), onError),
    });

  return (
    <Card
      size="small"
      title={name}
      extra={
        <Tag color={merchant.configured ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(merchant.configured ? 'console.merchants.configured' : 'console.merchants.notConfigured')}
        </Tag>
      }
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={merchant.fields}
        onFinish={submit}
        autoComplete="off"
      >
        {fieldsOf(provider).map((field) => {
          const secret = isSecret(provider, field);
          const stored = secret && merchant.secrets_set[field] === true;
          const label = t(`console.merchants.fields.${field}`);
          return (
            <Form.Item
              key={field}
              name={field}
              label={label}
              extra={stored ? t('console.merchants.secretKept') : undefined}
              rules={[
                { required: !stored, whitespace: true, message: t('console.merchants.required', { field: label }) },
              ]}
            >
              {secret ? (
                <Input.Password
                  autoComplete="new-password"
                  placeholder={stored ? t('console.merchants.secretSet') : undefined}
                  maxLength={500}
                />
              ) : (
                <Input maxLength={100} />
              )}
            </Form.Item>
          );
        })}
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          {merchant.configured && (
            <Button danger onClick={confirmRemoval}>
              {t('console.merchants.remove')}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

/** The platform's accounts at the payment providers, which centres pay their licences to. */
export function MerchantAccountsCard() {
  const { t } = useTranslation();
  const merchants = useMerchants();
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('console.merchants.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('console.merchants.hint')}</Typography.Text>
      {merchants.isError && <Alert type="error" showIcon title={errorMessage(t, merchants.error)} />}
      {merchants.isPending && <Skeleton active />}
      {merchants.data?.data.map((merchant) => (
        // A new answer (saved elsewhere, removed) draws the form afresh from it.
        <MerchantForm key={`${merchant.provider}:${JSON.stringify(merchant)}`} merchant={merchant} />
      ))}
    </Flex>
  );
}
