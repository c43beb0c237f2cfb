import type { Language } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { changeLanguage, hasStoredLanguage } from '../../i18n/i18n';
import { CenteredPage } from '../../shared/ui/centered-page';
import { browserHost } from '../auth/browser-address';
import { baseDomainOf, companySubdomain } from '../auth/company-subdomain';
import { checkSubdomain } from '../auth/sign-up-api';

/** A visitor's page speaks its country's language unless he picked one himself (as the lead form does). */
export function useVisitorLanguage(language: Language | undefined): void {
  useEffect(() => {
    if (language && !hasStoredLanguage()) void changeLanguage(language, false);
  }, [language]);
}

/** The plain panel of the visitor's pages: wide enough for three band cards, one column on a phone. */
export function EntryPanel({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <CenteredPage>
      <section
        style={{
          width: '100%',
          maxWidth: 760,
          padding: 'clamp(16px, 4vw, 32px)',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical gap={20}>
          {children}
        </Flex>
      </section>
    </CenteredPage>
  );
}

/** The centre's name (and logo) over the form. */
export function CompanyHeading({ name, logo, children }: { name: string; logo: string | null; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
      {logo && <img src={logo} alt="" style={{ maxWidth: 200, maxHeight: 64 }} />}
      <h1 style={{ fontSize: 22, margin: 0, color: token.colorText }}>{name}</h1>
      {children}
    </Flex>
  );
}

/**
 * A centre's own address, as sign-up builds it: `{subdomain}.{BASE_DOMAIN}` on this page's protocol and port.
 * The server names the base domain; until it answers, this host's name without a centre's label stands in.
 */
export function useCentreAddress(subdomain: string): string {
  const host = browserHost();
  const { data } = useQuery({
    queryKey: ['sign-up', 'base-domain'],
    queryFn: () => checkSubdomain('www'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const base = data?.base_domain ?? baseDomainOf(host.hostname, companySubdomain(host.hostname) !== null);
  return `${host.protocol}//${subdomain}.${base}${host.port ? `:${host.port}` : ''}/`;
}
