import {
  addDays,
  CONSOLE_NOTE_MAX,
  type ConsoleCompany,
  LICENCE_EXTEND_DAYS_MAX,
  SMS_MONTHLY_LIMIT_MAX,
} from '@crm/contracts';
import { App, DatePicker, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { type CompanyActionInput, useCompanyActions } from './console-api';
import { dateText } from './console-format';

export type CompanyAction = 'disable' | 'enable' | 'licence' | 'sms';

interface ActionFormValues {
  note?: string;
  mode?: 'days' | 'until';
  days?: number;
  until?: Dayjs;
  monthly_limit?: number;
}

/** The licence's end after adding `days` (the server's rule: from its end while it runs, else from today). */
function endAfter(company: ConsoleCompany, days: number): string {
  const today = dayjs().format('YYYY-MM-DD');
  const running = company.licence_ends_on !== null && company.licence_ends_on >= today;
  return addDays(running ? (company.licence_ends_on as string) : addDays(today, -1), days);
}

/**
 * The confirmation dialog of one action on a centre: what will happen, what it needs (days or a date and a
 * note for a licence, the new limit for SMS), and nothing is sent before its button is pressed.
 */
export function CompanyActionModal({
  company,
  action,
  onClose,
}: {
  company: ConsoleCompany;
  action: CompanyAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ActionFormValues>();
  const mode = Form.useWatch('mode', form) ?? 'days';
  const days = Form.useWatch('days', form);
  const send = useCompanyActions();

  const submit = (values: ActionFormValues) => {
    const note = values.note?.trim() || undefined;
    const id = company.id;
    const input: CompanyActionInput =
      action === 'licence'
        ? {
            kind: 'licence',
            id,
            body:
              values.mode === 'until'
                ? { until: values.until?.format('YYYY-MM-DD'), note: note ?? '' }
                : { days: values.days, note: note ?? '' },
          }
        : action === 'sms'
          ? { kind: 'sms', id, body: { monthly_limit: values.monthly_limit ?? 0, note } }
          : { kind: action, id, body: { note } };
    send.mutate(input, {
      onSuccess: () => {
        void message.success(t(`console.actions.${action}.done`, { name: company.name }));
        onClose();
      },
      onError: (error) => void message.error(errorMessage(t, error)),
    });
  };

  return (
    <Modal
      open
      title={t(`console.actions.${action}.title`, { name: company.name })}
      okText={t(`console.actions.${action}.confirm`)}
      okButtonProps={{ danger: action === 'disable', loading: send.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t(`console.actions.${action}.explain`)}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ mode: 'days', days: 30, monthly_limit: company.sms_monthly_limit }}
        onFinish={submit}
      >
        {action === 'licence' && (
          <>
            <Form.Item name="mode">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'days', label: t('console.actions.licence.byDays') },
                  { value: 'until', label: t('console.actions.licence.toDate') },
                ]}
              />
            </Form.Item>
            {mode === 'days' ? (
              <Form.Item
                name="days"
                label={t('console.actions.licence.days')}
                extra={
                  typeof days === 'number' && days > 0
                    ? t('console.actions.licence.newEnd', { date: dateText(endAfter(company, days)) })
                    : undefined
                }
                rules={[
                  {
                    required: true,
                    message: t('console.actions.licence.daysInvalid', { max: LICENCE_EXTEND_DAYS_MAX }),
                  },
                ]}
              >
                <InputNumber min={1} max={LICENCE_EXTEND_DAYS_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ) : (
              <Form.Item
                name="until"
                label={t('console.actions.licence.until')}
                rules={[{ required: true, message: t('console.actions.licence.untilRequired') }]}
              >
                <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
              </Form.Item>
            )}
          </>
        )}
        {action === 'sms' && (
          <Form.Item
            name="monthly_limit"
            label={t('console.actions.sms.limit')}
            extra={t('console.actions.sms.used', { used: company.sms_used, limit: company.sms_monthly_limit })}
            rules={[{ required: true, message: t('console.actions.sms.limitInvalid') }]}
          >
            <InputNumber min={0} max={SMS_MONTHLY_LIMIT_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t(action === 'licence' ? 'console.actions.noteRequired' : 'console.actions.note')}
          rules={[
            { required: action === 'licence', whitespace: true, message: t('console.actions.licence.noteMissing') },
            { max: CONSOLE_NOTE_MAX, message: t('console.actions.noteTooLong', { max: CONSOLE_NOTE_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={2}
            maxLength={CONSOLE_NOTE_MAX}
            placeholder={action === 'licence' ? t('console.actions.licence.notePlaceholder') : undefined}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
