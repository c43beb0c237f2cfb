import { type CompanySharedInfo, normalizePhone } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { codeErrorText } from './verification-code';

/**
 * The first step of a code by SMS (the password recovery, a parent's log-in): the phone, in the company country's
 * mask. The answer is the same whether anybody has the phone or not, and so is the next step (`onSent`).
 */
export function PhoneForCodeForm<T>({
  company,
  typed,
  hint,
  submit,
  send,
  onSent,
  children,
}: {
  company: CompanySharedInfo;
  /** The number typed before ("another number" comes back with it). */
  typed: string;
  hint: string;
  submit: string;
  send: (phone: string) => Promise<T>;
  onSent: (sent: T, phone: string) => void;
  /** Below the button: the way back. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (error) => {
      if (error instanceof ApiError && showFieldErrors(t, form, ['phone'], error)) return;
      setFailure(codeErrorText(t, error));
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ phone: typed }}
      onFinish={({ phone }) => {
        setFailure(null);
        sending.mutate(normalizePhone(phone, company.country));
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item name="phone" label={t('auth.phone')} extra={hint} rules={[phoneRule(t, company.country, true)]}>
        <PhoneInput country={company.country} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={sending.isPending}>
        {submit}
      </Button>
      {children}
    </Form>
  );
}
