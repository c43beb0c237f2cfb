import { onlyDigits, VERIFICATION_CODE } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, type FormInstance, Input } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { errorDetail } from './sign-up-api';

/** The refusals of a code that belong under the code's field rather than above the form. */
const CODE_REFUSALS = ['verification_code_wrong', 'verification_code_expired', 'verification_code_spent'];

export const isCodeRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  (CODE_REFUSALS.includes(error.code) || error.fieldErrors.some((problem) => problem.field === 'code'));

/** A refusal in words, with the attempts left or the wait the server named. */
export function codeErrorText(t: TFunction, error: unknown): string {
  const text = errorMessage(t, error);
  const attemptsLeft = errorDetail(error, 'attempts_left');
  if (attemptsLeft !== undefined) return `${text} ${t('verification.attemptsLeft', { count: attemptsLeft })}`;
  const wait = errorDetail(error, 'retry_after_seconds');
  return wait === undefined ? text : `${text} ${t('auth.retryAfter', { seconds: wait })}`;
}

/** A phone number that a narrow screen does not break across lines. */
export const unbroken = (phone: string): string => phone.replace(/ /g, '\u00a0');

/** When a new code may be asked for: `seconds` from now (epoch ms). */
const resendTime = (seconds: number): number => Date.now() + seconds * 1000;

interface Sent {
  resend_after_seconds: number;
}

/**
 * Asking for a new code: when the next may be asked for (from the answer, or from a code_resend_too_soon
 * refusal's wait), and the request itself.
 */
function useResend<T extends Sent>(
  firstWait: number,
  send: () => Promise<T>,
  { onSent, onFailed }: { onSent: (sent: T) => void; onFailed: (error: unknown) => void },
) {
  const [resendAt, setResendAt] = useState(() => resendTime(firstWait));
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (sent) => {
      setResendAt(resendTime(sent.resend_after_seconds));
      onSent(sent);
    },
    onError: (error) => {
      const wait = errorDetail(error, 'retry_after_seconds');
      if (wait !== undefined) setResendAt(resendTime(wait));
      onFailed(error);
    },
  });
  return { resendAt, resend: () => mutation.mutate(), resending: mutation.isPending };
}

/**
 * A code step's state besides its form (the sign-up, the password recovery, a parent's log-in): its refusal or
 * the notice that a new code went, shown above the field, and asking for a new code. `onSent` is what the page
 * itself does with a new code.
 */
export function useCodeStep<T extends Sent>(
  firstWait: number,
  send: () => Promise<T>,
  onSent: (sent: T) => void = () => undefined,
) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resending = useResend(firstWait, send, {
    onSent: (next) => {
      setFailure(null);
      setNotice(t('verification.sentAgain'));
      onSent(next);
    },
    onFailed: (error) => {
      setNotice(null);
      setFailure(codeErrorText(t, error));
    },
  });
  return {
    ...resending,
    failure,
    notice,
    /** A refusal that is not about the code, in words above the field; null takes it away. */
    refuse: (error: unknown) => setFailure(error === null ? null : codeErrorText(t, error)),
  };
}

type CodeStep = ReturnType<typeof useCodeStep>;

interface CodeStepFormProps<T extends { code: string }> {
  form: FormInstance<T>;
  step: Pick<CodeStep, 'failure' | 'notice' | 'refuse' | 'resendAt' | 'resend' | 'resending'>;
  /** Where the code went, worded so that it tells nobody whether anybody has the phone. */
  sentText: string;
  validSeconds: number;
  submit: string;
  submitting: boolean;
  onSubmit: (values: T) => void;
  /** Under the button, beside "send again": the way back (another number, other details). */
  back: ReactNode;
  /** Fields after the code's (the recovery's new password). */
  children?: ReactNode;
}

/**
 * A code step's form: where the code went and for how long, its refusal or the notice of a new code, the code's
 * field (and the page's own), the button, then sending again once the countdown allows and the way back.
 */
export function CodeStepForm<T extends { code: string }>({
  form,
  step,
  sentText,
  validSeconds,
  submit,
  submitting,
  onSubmit,
  back,
  children,
}: CodeStepFormProps<T>) {
  return (
    <Form<T>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => {
        step.refuse(null);
        onSubmit(values);
      }}
    >
      <CodeSentNote text={sentText} validSeconds={validSeconds} />
      {step.failure && <Alert type="error" showIcon title={step.failure} role="alert" style={{ marginBottom: 16 }} />}
      {step.notice && <Alert type="success" showIcon title={step.notice} role="status" style={{ marginBottom: 16 }} />}
      <VerificationCodeField />
      {children}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {submit}
      </Button>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
        <ResendCodeButton resendAt={step.resendAt} loading={step.resending} onResend={step.resend} />
        {back}
      </Flex>
    </Form>
  );
}

/** Where the code went and for how long it works (the phone is masked by the server). */
function CodeSentNote({ text, validSeconds }: { text: string; validSeconds: number }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      title={text}
      description={t('verification.validFor', { minutes: Math.max(1, Math.round(validSeconds / 60)) })}
      style={{ marginBottom: 16 }}
    />
  );
}

/** The seconds left until `at`, counted down once a second. */
export function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** "Send the code again", held back with a countdown until the server will send another. */
export function ResendCodeButton({
  resendAt,
  loading,
  onResend,
}: {
  resendAt: number;
  loading: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const left = useSecondsUntil(resendAt);
  return (
    <Button type="link" onClick={onResend} disabled={left > 0} loading={loading} style={{ paddingInline: 0 }}>
      {left > 0 ? t('verification.resendIn', { time: clock(left) }) : t('verification.resend')}
    </Button>
  );
}

/** The 6-digit code from the SMS, as one field (the phone's keyboard offers the code from the message). */
export function VerificationCodeField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('verification.code')}
      normalize={(value: string) => onlyDigits(value ?? '').slice(0, VERIFICATION_CODE.digits)}
      rules={[
        {
          validator: async (_rule, value: string | undefined) => {
            if (!value) throw new Error(t('validation.required'));
            if (value.length !== VERIFICATION_CODE.digits)
              throw new Error(t('verification.codeLength', { count: VERIFICATION_CODE.digits }));
          },
        },
      ]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE.digits}
        placeholder="••••••"
        style={{ letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' }}
      />
    </Form.Item>
  );
}
