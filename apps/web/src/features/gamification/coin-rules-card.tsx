import { COIN_AMOUNT_MAX, COIN_RULES, type CoinRule, type CoinSettings } from '@crm/contracts';
import { App, Button, Card, Divider, Flex, Form, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { fieldErrorMessages } from '../../shared/forms/field-rules';
import { useCoinSettings, useSaveCoinSettings } from './gamification-api';
import { QueryGate } from './query-gate';

const FIELDS = COIN_RULES.flatMap((rule) => [`${rule}.amount`, `${rule}.threshold`]);

/** Issue 21's coin rules: what earns coins by itself, how many, and whether employees give coins by hand. */
export function CoinRulesCard() {
  const { t } = useTranslation();
  return (
    <QueryGate query={useCoinSettings()} loading={t('gamification.rules.loading')} rows={6}>
      {(settings) => <CoinRulesForm settings={settings} />}
    </QueryGate>
  );
}

function CoinRulesForm({ settings }: { settings: CoinSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Untyped: the server's problems name nested fields by dotted paths (`grade_at_least.threshold`).
  const [form] = Form.useForm();
  const save = useSaveCoinSettings();

  const submit = async (values: CoinSettings) => {
    try {
      await save.mutateAsync(values);
      message.success(t('gamification.rules.saved'));
    } catch (error) {
      if (error instanceof ApiError) {
        const problems = fieldErrorMessages(t, error, FIELDS, (field) => form.getFieldValue(field.split('.')));
        const fields = Object.entries(problems).map(([field, text]) => ({ name: field.split('.'), errors: [text] }));
        form.setFields(fields);
        if (fields.length > 0) return;
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={settings} onFinish={submit}>
      <Card>
        <Flex gap={12} align="flex-start">
          <Form.Item name="employees_give" valuePropName="checked" noStyle>
            <Switch aria-label={t('gamification.rules.employeesGive')} />
          </Form.Item>
          <Flex vertical>
            <Typography.Text strong>{t('gamification.rules.employeesGive')}</Typography.Text>
            <Typography.Text type="secondary">{t('gamification.rules.employeesGiveHelp')}</Typography.Text>
          </Flex>
        </Flex>
        <Divider />
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
          {t('gamification.rules.title')}
        </Typography.Title>
        <Flex vertical gap={16}>
          {COIN_RULES.map((rule) => (
            <RuleRow key={rule} rule={rule} />
          ))}
        </Flex>
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
          {t('common.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** One rule: on or off, its amount, and for a grade the least grade that earns it. */
function RuleRow({ rule }: { rule: CoinRule }) {
  const { t } = useTranslation();
  const on = Form.useWatch([rule, 'on']) as boolean | undefined;
  const label = t(`gamification.rules.${rule}.label`);
  return (
    <Flex gap={12} align="flex-start" wrap>
      <Form.Item name={[rule, 'on']} valuePropName="checked" noStyle>
        <Switch aria-label={label} />
      </Form.Item>
      <Flex vertical style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary">{t(`gamification.rules.${rule}.help`)}</Typography.Text>
      </Flex>
      <Flex gap={8} wrap>
        <Form.Item
          name={[rule, 'amount']}
          label={t('gamification.rules.amount')}
          rules={[{ required: true, message: t('validation.required') }]}
          style={{ marginBottom: 0 }}
        >
          <InputNumber
            min={1}
            max={COIN_AMOUNT_MAX}
            precision={0}
            disabled={!on}
            aria-label={t('gamification.rules.amountOf', { rule: label })}
            style={{ width: 110 }}
          />
        </Form.Item>
        {rule === 'grade_at_least' && (
          <Form.Item
            name={[rule, 'threshold']}
            label={t('gamification.rules.threshold')}
            rules={[{ required: true, message: t('validation.required') }]}
            style={{ marginBottom: 0 }}
          >
            <InputNumber min={1} max={100} precision={0} disabled={!on} style={{ width: 110 }} />
          </Form.Item>
        )}
      </Flex>
    </Flex>
  );
}
