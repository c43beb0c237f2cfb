import { type CodeSent, countryRules, type SignUpDone } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { confirmSignUp, resendSignUpCode } from './sign-up-api';
import {
  CodeSentNote,
  codeErrorText,
  isCodeRefusal,
  ResendCodeButton,
  unbroken,
  useResend,
  VerificationCodeField,
} from './verification-code';

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
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

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
      setFailure(codeErrorText(t, error));
    },
  });

  const { resendAt, resend, resending } = useResend(
    sent.resend_after_seconds,
    () => resendSignUpCode(current.request_id),
    {
      onSent: (next) => {
        setCurrent(next);
        setFailure(null);
        setNotice(t('verification.sentAgain'));
        form.setFields([{ name: 'code', value: '', errors: [] }]);
      },
      onFailed: (error) => {
        setNotice(null);
        setFailure(codeErrorText(t, error));
      },
    },
  );

  const prefix = countryRules(country).phonePrefix;
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={({ code }) => {
        setFailure(null);
        confirm.mutate(code);
      }}
    >
      <CodeSentNote
        text={t('verification.sentTo', { phone: unbroken(`${prefix ? `${prefix} ` : ''}${current.phone_masked}`) })}
        validSeconds={current.expires_in_seconds}
      />
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      {notice && <Alert type="success" showIcon title={notice} role="status" style={{ marginBottom: 16 }} />}
      <VerificationCodeField />
      <Button type="primary" htmlType="submit" block loading={confirm.isPending || leaving}>
        {t('signUp.confirm')}
      </Button>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
        <ResendCodeButton resendAt={resendAt} loading={resending} onResend={resend} />
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }}>
          {t('signUp.back')}
        </Button>
      </Flex>
    </Form>
  );
}
