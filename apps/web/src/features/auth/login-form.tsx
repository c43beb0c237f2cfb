import { LockOutlined } from '@ant-design/icons';
import { type CompanySharedInfo, countryRules, formatPhone, onlyDigits } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, theme } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { fieldErrorMessages, fieldProblemMessage } from '../../shared/forms/field-rules';
import { logIn, useStartSession } from './auth-api';
import { loginErrorText } from './login-error';

type Field = 'phone' | 'password';
const FIELDS: Field[] = ['phone', 'password'];
/** Spec §5 "User phone at least 9 characters", as the contracts' loginRequestSchema says. */
const PHONE_MIN = 9;

/**
 * A hand-made form rather than antd Form: the log-in page is the first thing every
 * user loads, and antd Form with its validator and tooltips would add ~40 KB to it.
 */
export function LoginForm({ company }: { company: CompanySharedInfo }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const startSession = useStartSession();

  const login = useMutation({
    mutationFn: logIn,
    onSuccess: startSession,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'company_not_found') return navigate('/error', { replace: true });
      const values = { phone, password };
      const onFields =
        error instanceof ApiError ? fieldErrorMessages(t, error, FIELDS, (field) => values[field as Field]) : {};
      setFieldErrors(onFields);
      setFailure(Object.keys(onFields).length > 0 ? null : loginErrorText(t, error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = onlyDigits(phone);
    const problems: Partial<Record<Field, string>> = {};
    if (digits.length < PHONE_MIN)
      problems.phone = fieldProblemMessage(t, { rule: 'too_small', limit: PHONE_MIN }, phone);
    if (!password) problems.password = t('validation.required');
    setFieldErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length === 0) login.mutate({ phone: digits, password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex vertical gap={16}>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        <LabelledField id="login-phone" label={t('auth.phone')} error={fieldErrors.phone}>
          <Input
            id="login-phone"
            size="large"
            value={phone}
            onChange={(event) => setPhone(formatPhone(event.target.value, company.country))}
            prefix={countryRules(company.country).phonePrefix}
            inputMode="tel"
            autoComplete="username"
            status={fieldErrors.phone ? 'error' : undefined}
            aria-invalid={Boolean(fieldErrors.phone)}
            aria-describedby={fieldErrors.phone ? 'login-phone-error' : undefined}
          />
        </LabelledField>
        <LabelledField id="login-password" label={t('auth.password')} error={fieldErrors.password}>
          <Input.Password
            id="login-password"
            size="large"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            status={fieldErrors.password ? 'error' : undefined}
            aria-invalid={Boolean(fieldErrors.password)}
            aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
          />
        </LabelledField>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          {t('auth.submit')}
        </Button>
      </Flex>
    </form>
  );
}

function LabelledField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={6}>
      <label htmlFor={id} style={{ color: token.colorText }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
          {error}
        </div>
      )}
    </Flex>
  );
}
