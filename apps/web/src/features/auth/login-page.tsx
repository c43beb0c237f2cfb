import { MessageOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/button-link';
import { FORGOT_PATH, LOGIN_CODE_PATH, REGISTER_PATH } from './auth-paths';
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
          {/* Issue 24: a parent may never have set a password; his phone is enough. */}
          <div style={{ marginTop: 12 }}>
            <ButtonLink to={LOGIN_CODE_PATH} size="large" block icon={<MessageOutlined />}>
              {t('loginCode.link')}
            </ButtonLink>
          </div>
          <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
            <GuestLink to={FORGOT_PATH}>{t('recovery.forgotLink')}</GuestLink>
            <GuestLink to={REGISTER_PATH}>{t('signUp.registerLink')}</GuestLink>
          </Flex>
        </>
      )}
    </CompanyGuestPage>
  );
}
