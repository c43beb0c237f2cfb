import { LogoutOutlined } from '@ant-design/icons';
import { consoleRoutes } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button-link';
import { CenteredPage } from '../../shared/ui/centered-page';
import { useSignOut } from '../auth/auth-api';
import { dateText } from '../groups/dates';
import { useLicence } from './licence-api';
import { BILLING_ORDER_PATH } from './licence-paths';

/**
 * Spec §2 /auth/billing-page: where a signed-in user lands once the licence has ended past its grace (every
 * other call answers 402). Outside the shell, whose menus and widgets would only meet more refusals. Who may
 * order pays; anyone else is told whom to ask.
 */
export function BillingBlockedPage() {
  const { t } = useTranslation();
  const { company } = useSession();
  const licence = useLicence();
  const signOut = useSignOut();
  // The same answer the support chat widget reads: named here only when the platform has one.
  const chat = useQuery({
    queryKey: ['support-chat'],
    queryFn: () => api(consoleRoutes.supportChat, { handleErrors: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const answer = licence.data;
  const over = answer && (answer.licence.state === 'expired' || answer.licence.state === 'grace');
  const endsOn = answer?.licence.ends_on;
  const logOut = (
    <Button key="logout" icon={<LogoutOutlined />} onClick={() => void signOut()}>
      {t('licence.blocked.logOut')}
    </Button>
  );

  let body: ReactNode;
  if (licence.isPending) body = <Spin size="large" />;
  else if (licence.isError) body = <Alert type="error" showIcon title={errorMessage(t, licence.error)} />;
  else if (!over) {
    // Renewed meanwhile (or opened by hand): nothing stands in the way.
    body = (
      <Result
        status="success"
        title={t('licence.blocked.running')}
        extra={[
          <ButtonLink key="home" type="primary" to="/">
            {t('licence.blocked.backToWork')}
          </ButtonLink>,
        ]}
      />
    );
  } else {
    const canOrder = answer.policies.can_order;
    body = (
      <Result
        status="warning"
        title={t('licence.blocked.title', { company: company?.name ?? '', date: endsOn ? dateText(endsOn) : '—' })}
        subTitle={
          <Flex vertical gap={8}>
            <span>{canOrder ? t('licence.blocked.payText') : t('licence.blocked.askDirector')}</span>
            {chat.data && <span>{t('licence.blocked.supportChat')}</span>}
          </Flex>
        }
        extra={[
          canOrder && (
            <ButtonLink key="pay" type="primary" to={BILLING_ORDER_PATH}>
              {t('licence.blocked.pay')}
            </ButtonLink>
          ),
          logOut,
        ]}
      />
    );
  }

  return (
    <CenteredPage>
      <Flex vertical align="center" style={{ width: '100%', maxWidth: 560 }}>
        {body}
        {(licence.isPending || licence.isError) && <div style={{ marginTop: 16 }}>{logOut}</div>}
      </Flex>
    </CenteredPage>
  );
}
