import { type CompanySharedInfo, formatPhone } from '@crm/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../app/guards/guard-decisions';
import { RESET_PATH, type ResetState } from './auth-paths';
import { CompanyGuestPage } from './company-guest-page';
import { GuestLink } from './guest-link';
import { PhoneForCodeForm } from './phone-for-code-form';
import { forgotPassword } from './sign-up-api';

function ForgotPasswordForm({ company }: { company: CompanySharedInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // "Change the number" on the next step comes back with the number typed before.
  const [params] = useSearchParams();
  const typed = params.get('phone');
  return (
    <PhoneForCodeForm
      company={company}
      typed={typed ? formatPhone(typed, company.country) : ''}
      hint={t('recovery.phoneHint')}
      submit={t('recovery.send')}
      send={forgotPassword}
      onSent={(sent, phone) =>
        navigate(`${RESET_PATH}?${new URLSearchParams({ phone })}`, { state: { sent } satisfies ResetState })
      }
    >
      <Flex justify="center" style={{ marginTop: 16 }}>
        <GuestLink to={LOGIN_PATH}>{t('recovery.backToLogIn')}</GuestLink>
      </Flex>
    </PhoneForCodeForm>
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
