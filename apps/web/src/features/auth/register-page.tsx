import { CheckCircleFilled } from '@ant-design/icons';
import type { CodeSent, SignUpDone } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Grid, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, hasStoredLanguage } from '../../i18n/i18n';
import type { ApiError } from '../../shared/api/api-error';
import { CenteredPage } from '../../shared/ui/centered-page';
import { browserHost, openAddress } from './browser-address';
import { useHostCompany } from './company-guest-page';
import { baseDomainOf, handoffAddress } from './company-subdomain';
import { GuestPanel } from './guest-panel';
import { checkSubdomain } from './sign-up-api';
import { SignUpCodeStep } from './sign-up-code-step';
import { SignUpForm, type SignUpValues } from './sign-up-form';

/**
 * The base domain new centres get their address under, as the server knows it (BASE_DOMAIN): a host's name
 * alone cannot tell `crm.example.com` (the base) from centre "crm". Until it answers, the host's name without
 * a centre's label stands in, for the preview only.
 */
function useSignUpBase(): string {
  const { unknown } = useHostCompany();
  const { data } = useQuery({
    queryKey: ['sign-up', 'base-domain'],
    queryFn: () => checkSubdomain('www'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.base_domain ?? baseDomainOf(browserHost().hostname, !unknown);
}

const PITCH = ['leads', 'groups', 'money', 'messages'] as const;

/** What the product does, beside the form on a wide screen. */
function Pitch() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={16} style={{ flex: 1, maxWidth: 420, color: token.colorText }}>
      <h2 style={{ fontSize: 28, lineHeight: 1.25, margin: 0 }}>{t('signUp.pitch.title')}</h2>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}>
        {PITCH.map((point) => (
          <li key={point} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
            <CheckCircleFilled style={{ color: token.colorPrimary }} aria-hidden />
            <span>{t(`signUp.pitch.${point}`)}</span>
          </li>
        ))}
      </ul>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('signUp.pitch.trial')}</p>
    </Flex>
  );
}

/**
 * Spec §2 /auth/register: a centre signs itself up on any host (usually the bare base domain) in two steps,
 * the form and the phone's code, and is then taken to its own address signed in (the handoff).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().lg === true;
  const base = useSignUpBase();
  const [draft, setDraft] = useState<SignUpValues>();
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);

  const backToForm = (error: ApiError | null) => {
    setRefusal(error);
    setSent(null);
  };

  const openCentre = (done: SignUpDone) => {
    // A language the visitor chose here goes along: the centre's host has its own stored settings.
    const language = hasStoredLanguage() ? currentLanguage() : undefined;
    const address = handoffAddress(browserHost(), done.host, done.handoff);
    openAddress(language ? `${address}&lang=${language}` : address);
  };

  return (
    <CenteredPage>
      <Flex gap={64} align="center" justify="center" style={{ width: '100%', maxWidth: 1040, paddingBlock: 24 }}>
        {wide && <Pitch />}
        <GuestPanel label={t('signUp.title')} maxWidth={460}>
          <h1 style={{ fontSize: 24, margin: '0 0 4px', color: token.colorText }}>{t('signUp.title')}</h1>
          <p style={{ margin: '0 0 24px', color: token.colorTextSecondary }}>
            {sent ? t('signUp.codeSubtitle') : t('signUp.subtitle')}
          </p>
          {sent && draft ? (
            <SignUpCodeStep
              sent={sent}
              country={draft.country}
              onCreated={openCentre}
              onRefused={backToForm}
              onBack={() => backToForm(null)}
            />
          ) : (
            <SignUpForm
              initialValues={draft}
              base={base}
              refusal={refusal}
              onSent={(values, next) => {
                setDraft(values);
                setRefusal(null);
                setSent(next);
              }}
            />
          )}
        </GuestPanel>
      </Flex>
    </CenteredPage>
  );
}
