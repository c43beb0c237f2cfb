import { type ConsoleLogin, consoleRoutes } from '@crm/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { CenteredPage } from '../../shared/ui/centered-page';
import { consoleApi } from './console-api';
import { storeConsoleSession } from './console-session';

/** How a refused log-in reads: the same words for a wrong login, password or code (the server says no more). */
function loginErrorText(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (error instanceof ApiError && error.code === 'login_error') return t('console.login.failed');
  if (error instanceof ApiError && error.code === 'too_many_attempts') {
    const seconds = (error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds ?? 900;
    return t('console.login.throttled', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  return errorMessage(t, error);
}

/** The console's log-in: login, password and the authenticator app's 6-digit code. */
export function ConsoleLoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [form] = Form.useForm<ConsoleLogin>();
  const login = useMutation({
    mutationFn: (body: ConsoleLogin) => consoleApi(consoleRoutes.login, { body }),
    onSuccess: (session) => {
      storeConsoleSession(session);
      navigate('/companies', { replace: true });
    },
    // A refused code is spent or wrong either way: the next try needs the app's next one.
    onError: () => form.setFieldValue('code', ''),
  });

  return (
    <CenteredPage>
      <section
        aria-label={t('console.login.title')}
        style={{
          width: '100%',
          maxWidth: 400,
          padding: 24,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1 style={{ fontSize: 24, margin: '0 0 4px', textAlign: 'center', color: token.colorText }}>
          {t('console.login.title')}
        </h1>
        <p style={{ margin: '0 0 24px', textAlign: 'center', color: token.colorTextSecondary }}>
          {t('console.login.subtitle')}
        </p>
        {login.isError && (
          <Alert type="error" showIcon title={loginErrorText(t, login.error)} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => login.mutate(values)}>
          <Form.Item
            name="login"
            label={t('console.login.login')}
            rules={[{ required: true, whitespace: true, message: t('console.login.loginRequired') }]}
          >
            <Input autoComplete="username" autoCapitalize="none" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('console.login.password')}
            rules={[{ required: true, message: t('console.login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('console.login.code')}
            extra={t('console.login.codeHint')}
            normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('console.login.codeInvalid') }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('console.login.submit')}
          </Button>
        </Form>
      </section>
    </CenteredPage>
  );
}
