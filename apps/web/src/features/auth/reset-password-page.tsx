import { type CompanySharedInfo, normalizePhone, VERIFICATION_CODE } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../app/guards/guard-decisions';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { phoneText } from '../../shared/format/phone';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { ButtonLink } from '../../shared/ui/button-link';
import { FORGOT_PATH, type ResetState } from './auth-paths';
import { CompanyGuestPage } from './company-guest-page';
import { GuestLink } from './guest-link';
import { NewPasswordField } from './password-strength';
import { forgotPassword, resetPassword } from './sign-up-api';
import { CodeStepForm, codeErrorText, isCodeRefusal, unbroken, useCodeStep } from './verification-code';

interface ResetValues {
  code: string;
  password: string;
  repeat: string;
}

function ResetPasswordForm({ company, phone }: { company: CompanySharedInfo; phone: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  // Opened from the forgot-password step: its answer; opened from a link or a bookmark: a code may be asked for at once.
  const sent = (useLocation().state as ResetState | null)?.sent;
  const [validSeconds, setValidSeconds] = useState(sent?.expires_in_seconds ?? VERIFICATION_CODE.validSeconds);
  const step = useCodeStep(
    sent?.resend_after_seconds ?? 0,
    () => forgotPassword(phone),
    (next) => setValidSeconds(next.expires_in_seconds),
  );

  const reset = useMutation({
    mutationFn: ({ code, password }: ResetValues) => resetPassword({ phone, code, password }),
    onError: (error) => {
      if (isCodeRefusal(error)) return form.setFields([{ name: 'code', errors: [codeErrorText(t, error)] }]);
      if (error instanceof ApiError && error.code === 'weak_password')
        return form.setFields([{ name: 'password', errors: [errorMessage(t, error)] }]);
      if (error instanceof ApiError && showFieldErrors(t, form, ['code', 'password'], error)) return;
      step.refuse(error);
    },
  });

  if (reset.isSuccess)
    return (
      <Result
        status="success"
        title={t('recovery.doneTitle')}
        subTitle={t('recovery.doneText')}
        style={{ padding: '8px 0' }}
        extra={
          <ButtonLink type="primary" to={LOGIN_PATH}>
            {t('recovery.logIn')}
          </ButtonLink>
        }
      />
    );

  return (
    <CodeStepForm<ResetValues>
      form={form}
      step={step}
      sentText={t('recovery.sentTo', { phone: unbroken(phoneText(phone, company.country)), company: company.name })}
      validSeconds={validSeconds}
      submit={t('recovery.save')}
      submitting={reset.isPending}
      onSubmit={(values) => reset.mutate(values)}
      back={<GuestLink to={`${FORGOT_PATH}?${new URLSearchParams({ phone })}`}>{t('recovery.otherPhone')}</GuestLink>}
    >
      <NewPasswordField label={t('recovery.newPassword')} />
      <Form.Item
        name="repeat"
        label={t('recovery.repeat')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error(t('validation.required'));
              if (value !== getFieldValue('password')) throw new Error(t('recovery.differ'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </CodeStepForm>
  );
}

/**
 * Spec §2 /auth/reset-password (?phone=): the code sent to the phone and a new password. Reached from
 * /auth/forgot-password; without a phone it goes back there.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const typed = params.get('phone') ?? '';
  if (!/\d{5,}/.test(typed)) return <Navigate to={FORGOT_PATH} replace />;
  return (
    <CompanyGuestPage label={t('recovery.resetTitle')} subtitle={t('recovery.resetTitle')}>
      {(company) => <ResetPasswordForm company={company} phone={normalizePhone(typed, company.country)} />}
    </CompanyGuestPage>
  );
}
