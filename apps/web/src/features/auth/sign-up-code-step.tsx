import { type CodeSent, countryRules, type SignUpDone } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { confirmSignUp, resendSignUpCode } from './sign-up-api';
import { CodeStepForm, codeErrorText, isCodeRefusal, unbroken, useCodeStep } from './verification-code';

/**
 * Step 2 of the sign-up: the code from the SMS. With the right one the server creates the centre; the
 * page then leaves for the centre's own address (`onCreated`). A refusal about the form itself (the
 * subdomain taken meanwhile) goes back to step 1 with everything typed (`onRefused`).
 */
export function SignUpCodeStep({
  sent,
  country,
  onCreated,
  onRefused,
  onBack,
}: {
  sent: CodeSent;
  country: string;
  onCreated: (done: SignUpDone) => void;
  onRefused: (error: ApiError) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [current, setCurrent] = useState(sent);
  const [leaving, setLeaving] = useState(false);
  const step = useCodeStep(
    sent.resend_after_seconds,
    () => resendSignUpCode(current.request_id),
    (next) => {
      setCurrent(next);
      form.setFields([{ name: 'code', value: '', errors: [] }]);
    },
  );

  const confirm = useMutation({
    mutationFn: (code: string) => confirmSignUp(current.request_id, code),
    onSuccess: (done) => {
      // The button keeps turning while the browser opens the centre's address.
      setLeaving(true);
      onCreated(done);
    },
    onError: (error) => {
      if (isCodeRefusal(error)) return form.setFields([{ name: 'code', errors: [codeErrorText(t, error)] }]);
      if (error instanceof ApiError && (error.code.startsWith('subdomain_') || error.code === 'validation_failed'))
        return onRefused(error);
      step.refuse(error);
    },
  });

  const prefix = countryRules(country).phonePrefix;
  return (
    <CodeStepForm
      form={form}
      step={step}
      sentText={t('verification.sentTo', { phone: unbroken(`${prefix ? `${prefix} ` : ''}${current.phone_masked}`) })}
      validSeconds={current.expires_in_seconds}
      submit={t('signUp.confirm')}
      submitting={confirm.isPending || leaving}
      onSubmit={({ code }) => confirm.mutate(code)}
      back={
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }}>
          {t('signUp.back')}
        </Button>
      }
    />
  );
}
