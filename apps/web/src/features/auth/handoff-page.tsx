import { type LoginResponse, normalizeLanguage } from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH, ONBOARDING_PATH } from '../../app/guards/guard-decisions';
import { changeLanguage, hasStoredLanguage } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { storeUser } from '../../shared/session/session-store';
import { ButtonLink } from '../../shared/ui/button-link';
import { CenteredPage } from '../../shared/ui/centered-page';
import { ME_KEY } from './auth-api';
import { GuestPanel } from './guest-panel';
import { takeHandoff } from './sign-up-api';

/**
 * A handoff works once: the exchange is kept by its secret, so drawing the page twice (React's strict
 * mode, a re-render) asks the server once and both draws get the same answer.
 */
const exchanges = new Map<string, Promise<LoginResponse>>();
const exchange = (handoff: string): Promise<LoginResponse> => {
  let answer = exchanges.get(handoff);
  if (!answer) {
    answer = takeHandoff(handoff);
    exchanges.set(handoff, answer);
  }
  return answer;
};

/** What the sign-up page put in the fragment: the secret and, if the visitor chose one there, his language. */
function readFragment(hash: string): { handoff: string | null; language: string | null } {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return { handoff: fragment.get('h'), language: fragment.get('lang') };
}

/**
 * The new centre's first page (issue 16): the sign-up, on another host, sent the owner here with a
 * two-minute secret in the address's fragment (never sent to any server by the browser). The secret leaves
 * the address at once, is exchanged for the owner's session, stored as a log-in stores it, and the owner
 * goes on to /onboarding.
 */
export function HandoffPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [{ handoff, language }] = useState(() => readFragment(location.hash));
  const [failure, setFailure] = useState<unknown>(handoff ? null : new ApiError(400, 'handoff_invalid', ''));

  useEffect(() => {
    if (!handoff) return;
    // Out of the address bar and the history before anything else.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    let current = true;
    exchange(handoff).then(
      ({ user, access_token }) => {
        if (!current) return;
        if (language) void changeLanguage(normalizeLanguage(language));
        else if (!hasStoredLanguage()) void changeLanguage(user.company.locale, false);
        queryClient.clear();
        queryClient.setQueryData(ME_KEY, user);
        storeUser(user, access_token);
        navigate(ONBOARDING_PATH, { replace: true });
      },
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [handoff, language, location.pathname, location.search, navigate, queryClient]);

  return (
    <CenteredPage>
      <GuestPanel label={t('handoff.title')}>
        {failure ? (
          <Flex vertical gap={16}>
            <Alert
              type="error"
              showIcon
              title={t('handoff.failed')}
              description={errorMessage(t, failure)}
              role="alert"
            />
            <ButtonLink type="primary" to={LOGIN_PATH}>
              {t('common.toLogIn')}
            </ButtonLink>
          </Flex>
        ) : (
          <Flex vertical align="center" gap={16} style={{ padding: 24 }} role="status">
            <Spin size="large" />
            <span>{t('handoff.opening')}</span>
          </Flex>
        )}
      </GuestPanel>
    </CenteredPage>
  );
}
