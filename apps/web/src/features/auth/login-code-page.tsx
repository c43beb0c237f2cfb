import { type CompanySharedInfo, formatPhone, type LoginCodeSent } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../app/guards/guard-decisions';
import { phoneText } from '../../shared/format/phone';
import { useStartSession } from './auth-api';
import { CompanyGuestPage } from './company-guest-page';
import { GuestLink } from './guest-link';
import { PhoneForCodeForm } from './phone-for-code-form';
import { logInWithCode, sendLoginCode } from './sign-up-api';
import { CodeStepForm, codeErrorText, isCodeRefusal, unbroken, useCodeStep } from './verification-code';

interface Sent {
  phone: string;
  answer: LoginCodeSent;
}

/** The second step: the code from the SMS, sent again after the wait the server names. */
function CodeStep({
  company,
  sent,
  onOtherPhone,
}: {
  company: CompanySharedInfo;
  sent: Sent;
  onOtherPhone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const startSession = useStartSession();
  const [validSeconds, setValidSeconds] = useState(sent.answer.expires_in_seconds);
  const step = useCodeStep(
    sent.answer.resend_after_seconds,
    () => sendLoginCode(sent.phone),
    (next) => setValidSeconds(next.expires_in_seconds),
  );
  const verify = useMutation({
    mutationFn: (code: string) => logInWithCode(sent.phone, code),
    // Stored as the password's log-in stores it; the guest guard of this page then sends him home.
    onSuccess: startSession,
    onError: (error) => {
      if (isCodeRefusal(error)) return form.setFields([{ name: 'code', errors: [codeErrorText(t, error)] }]);
      step.refuse(error);
    },
  });

  return (
    <CodeStepForm
      form={form}
      step={step}
      sentText={t('loginCode.sentTo', {
        phone: unbroken(phoneText(sent.phone, company.country)),
        company: company.name,
      })}
      validSeconds={validSeconds}
      submit={t('auth.submit')}
      submitting={verify.isPending}
      onSubmit={({ code }) => verify.mutate(code)}
      back={
        <Button type="link" onClick={onOtherPhone} style={{ paddingInline: 0 }}>
          {t('recovery.otherPhone')}
        </Button>
      }
    />
  );
}

function LoginCodeSteps({ company }: { company: CompanySharedInfo }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<Sent | null>(null);
  // "Another number" comes back to the phone step with the number typed before.
  const [typed, setTyped] = useState('');
  return (
    <>
      {sent ? (
        <CodeStep
          company={company}
          sent={sent}
          onOtherPhone={() => {
            setTyped(formatPhone(sent.phone, company.country));
            setSent(null);
          }}
        />
      ) : (
        <PhoneForCodeForm
          company={company}
          typed={typed}
          hint={t('loginCode.phoneHint')}
          submit={t('loginCode.send')}
          send={sendLoginCode}
          onSent={(answer, phone) => setSent({ phone, answer })}
        />
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <GuestLink to={LOGIN_PATH}>{t('loginCode.withPassword')}</GuestLink>
      </Flex>
    </>
  );
}

/**
 * Issue 24 /auth/login-code, on the company's host: a parent logs in with a one-time code sent by SMS to his
 * phone (he may never have set a password). The server limits the code to ten minutes, five tries and one use.
 */
export function LoginCodePage() {
  const { t } = useTranslation();
  return (
    <CompanyGuestPage label={t('loginCode.title')} subtitle={t('loginCode.subtitle')}>
      {(company) => <LoginCodeSteps company={company} />}
    </CompanyGuestPage>
  );
}
