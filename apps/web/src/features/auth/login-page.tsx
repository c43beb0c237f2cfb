import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORGOT_PATH, REGISTER_PATH } from './auth-paths';
import { CompanyGuestPage, usePublicLoginLook } from './company-guest-page';
import { GuestLink } from './guest-link';
import { LoginForm } from './login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const look = usePublicLoginLook();
  return (
    <CompanyGuestPage label={t('auth.title')} subtitle={t('auth.subtitle')} look={look}>
      {(company) => (
        <>
          <LoginForm company={company} />
          <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
            <GuestLink to={FORGOT_PATH}>{t('recovery.forgotLink')}</GuestLink>
            <GuestLink to={REGISTER_PATH}>{t('signUp.registerLink')}</GuestLink>
          </Flex>
        </>
      )}
    </CompanyGuestPage>
  );
}
