import { ADVANCE_NOTICE_DAYS, type AutoSmsRule, type AutoSmsRuleSettings } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { saveForm } from '../courses/form-errors';
import { useAutoRulePreview, useUpdateAutoRule } from './sms-api';
import { SmsTextCell, useSmsPhone } from './sms-parts';
import { SmsTextField } from './sms-text-field';

interface RuleValues {
  enabled: boolean;
  sender: string;
  days: number | null;
  text: string;
}

/** "Every day at 9:00", "when a payment is taken", "when a student is activated in a group". */
export function useRuleTiming(): (rule: Pick<AutoSmsRuleSettings, 'timing' | 'days' | 'rule'>, hour: number) => string {
  const { t } = useTranslation();
  return (rule, hour) =>
    rule.rule === 'advance_payment'
      ? t('sms.auto.timing.advance', { hour, count: rule.days || ADVANCE_NOTICE_DAYS })
      : t(`sms.auto.timing.${rule.timing}`, { hour });
}

/** One automatic rule (spec §3 "type, sender, days, text, variables"): its switch and words, saved together. */
export function AutoSmsRuleCard({ rule, hour }: { rule: AutoSmsRuleSettings; hour: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleValues>();
  const update = useUpdateAutoRule();
  const timing = useRuleTiming();
  const [previewing, setPreviewing] = useState(false);
  const editable = rule.policies.edit;
  const enabled = Form.useWatch('enabled', form) ?? rule.enabled;

  const submit = (values: RuleValues) =>
    saveForm(
      t,
      message,
      form,
      () =>
        update.mutateAsync({
          rule: rule.rule,
          body: {
            enabled: values.enabled,
            sender: values.sender.trim() || null,
            text: values.text.trim(),
            ...(rule.rule === 'advance_payment' && values.days ? { days: values.days } : {}),
          },
        }),
      {
        fields: ['sender', 'days', 'text'],
        fieldOfCode: { sms_unknown_variable: 'text' },
        success: t('sms.auto.saved', { name: t(`sms.rules.${rule.rule}.name`) }),
        onSaved: () => {},
      },
    );

  return (
    <Card
      title={
        <Flex vertical style={{ whiteSpace: 'normal', paddingBlock: 8 }}>
          <span>{t(`sms.rules.${rule.rule}.name`)}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
            {timing(rule, hour)}
          </Typography.Text>
        </Flex>
      }
      extra={<Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'sms.auto.on' : 'sms.auto.off')}</Tag>}
    >
      <Typography.Paragraph type="secondary">{t(`sms.rules.${rule.rule}.who`)}</Typography.Paragraph>
      <Form<RuleValues>
        form={form}
        name={`auto-sms-${rule.rule}`}
        layout="vertical"
        requiredMark={false}
        disabled={!editable}
        initialValues={{ enabled: rule.enabled, sender: rule.sender ?? '', days: rule.days || null, text: rule.text }}
        onFinish={submit}
      >
        <Flex gap={16} wrap align="flex-start">
          <Form.Item name="enabled" label={t('sms.auto.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="sender"
            label={t('sms.auto.sender')}
            tooltip={t('sms.auto.senderHint')}
            rules={[{ max: 11 }]}
            style={{ flex: '1 1 180px', maxWidth: 240 }}
          >
            <Input maxLength={11} placeholder={t('sms.auto.senderDefault')} />
          </Form.Item>
          {rule.rule === 'advance_payment' && (
            <Form.Item
              name="days"
              label={t('sms.auto.days')}
              rules={[{ required: true, message: t('validation.required') }]}
              style={{ width: 160 }}
            >
              <InputNumber min={1} max={30} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
        </Flex>
        <SmsTextField label={t('sms.auto.text')} disabled={!editable} />
        <Flex justify="flex-end" gap={8} wrap>
          {rule.timing === 'daily' && (
            <Button disabled={false} onClick={() => setPreviewing((shown) => !shown)}>
              {t(previewing ? 'sms.auto.hidePreview' : 'sms.auto.preview')}
            </Button>
          )}
          {editable && (
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          )}
        </Flex>
      </Form>
      {previewing && <TomorrowList rule={rule.rule} />}
    </Card>
  );
}

/** Who the daily rule would reach tomorrow at 9:00, with the texts they would get (as saved). */
function TomorrowList({ rule }: { rule: AutoSmsRule }) {
  const { t } = useTranslation();
  const phone = useSmsPhone();
  const preview = useAutoRulePreview(rule, true);
  if (preview.isError) {
    return isHandledGlobally(preview.error) ? null : (
      <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(t, preview.error)} />
    );
  }
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }}>
      <Typography.Text strong>
        {preview.data
          ? t('sms.auto.tomorrowTotal', {
              count: preview.data.total,
              date: preview.data.date.split('-').reverse().join('.'),
            })
          : t('sms.auto.tomorrow')}
      </Typography.Text>
      <Table
        rowKey={(row) => `${row.recipient}-${row.phone}-${row.name}`}
        size="small"
        loading={preview.isPending}
        dataSource={preview.data?.data}
        pagination={false}
        scroll={{ x: 'max-content', y: 400 }}
        locale={{ emptyText: t('sms.auto.nobodyTomorrow') }}
        columns={[
          { title: t('sms.log.recipient'), dataIndex: 'name', key: 'name' },
          { title: t('sms.log.phone'), key: 'phone', render: (_, row) => phone(row.phone) },
          { title: t('sms.log.text'), key: 'text', render: (_, row) => <SmsTextCell text={row.text} /> },
        ]}
      />
      {preview.data && preview.data.total > preview.data.data.length && (
        <Typography.Text type="secondary">
          {t('sms.auto.more', { count: preview.data.total - preview.data.data.length })}
        </Typography.Text>
      )}
    </Flex>
  );
}
