import { type CompanySharedInfo, formatPhone, normalizePhone } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../app/guards/guard-decisions';
import { ApiError } from '../../shared/api/api-error';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { PhoneInput, phoneRule } from '../users/phone-input';
import { RESET_PATH, type ResetState } from './auth-paths';
import { CompanyGuestPage } from './company-guest-page';
import { GuestLink } from './guest-link';
import { forgotPassword } from './sign-up-api';
import { codeErrorText } from './verification-code';

function ForgotPasswordForm({ company }: { company: CompanySharedInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ phone: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  // "Change the number" on the next step comes back with the number typed before.
  const [params] = useSearchParams();
  const typed = params.get('phone');

  const send = useMutation({
    mutationFn: (phone: string) => forgotPassword(phone),
    // The answer is the same whether a user has the phone or not, and so is the next step.
    onSuccess: (sent, phone) =>
      navigate(`${RESET_PATH}?${new URLSearchParams({ phone })}`, { state: { sent } satisfies ResetState }),
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
      initialValues={{ phone: typed ? formatPhone(typed, company.country) : '' }}
      onFinish={({ phone }) => {
        setFailure(null);
        send.mutate(normalizePhone(phone, company.country));
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        name="phone"
        label={t('auth.phone')}
        extra={t('recovery.phoneHint')}
        rules={[phoneRule(t, company.country, true)]}
      >
        <PhoneInput country={company.country} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={send.isPending}>
        {t('recovery.send')}
      </Button>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <GuestLink to={LOGIN_PATH}>{t('recovery.backToLogIn')}</GuestLink>
      </Flex>
    </Form>
  );
}

/** Spec §2 /auth/forgot-password, on the company's host: the phone, to which a recovery code is sent. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <CompanyGuestPage label={t('recovery.title')} subtitle={t('recovery.title')}>
      {(company) => <ForgotPasswordForm company={company} />}
    </CompanyGuestPage>
  );
}
