import type { CompanySharedInfo } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changeLanguage, hasStoredLanguage, setCompanyType } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { CenteredPage } from '../../shared/ui/centered-page';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { fetchCompanySharedInfo } from './auth-api';
import { browserHost } from './browser-address';
import { companySubdomain } from './company-subdomain';
import { GuestPanel } from './guest-panel';

/** The company this host names (spec §7 GET /company/subdomain/{sub}), read once per visit. */
export function useHostCompany() {
  const subdomain = companySubdomain(browserHost().hostname);
  const company = useQuery({
    queryKey: ['company-shared', subdomain],
    queryFn: () => fetchCompanySharedInfo(subdomain ?? ''),
    enabled: subdomain !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unknown = subdomain === null || (company.error instanceof ApiError && company.error.status === 404);
  return { company, unknown };
}

function CompanyHeading({ company, subtitle }: { company: CompanySharedInfo; subtitle: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ marginBottom: 24, textAlign: 'center' }}>
      {company.logo ? (
        <img src={company.logo} alt={company.name} style={{ maxWidth: 200, maxHeight: 64 }} />
      ) : (
        // A plain circle: antd Avatar's module brings popovers along to this page.
        <span
          aria-hidden
          style={{
            display: 'grid',
            placeItems: 'center',
            width: 56,
            height: 56,
            borderRadius: '50%',
            background: token.colorPrimary,
            color: token.colorTextLightSolid,
            fontSize: 24,
          }}
        >
          {company.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <h1 style={{ fontSize: 24, margin: 0, color: token.colorText }}>{company.name}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{subtitle}</p>
    </Flex>
  );
}

/**
 * A visitor's page on a company's host (log-in, password recovery): the company's name and logo over the
 * page's form, in the company's language and wording unless the visitor chose his own. A host that names
 * no company goes to /error (spec §8).
 */
export function CompanyGuestPage({
  label,
  subtitle,
  children,
}: {
  label: string;
  subtitle: string;
  children: (company: CompanySharedInfo) => ReactNode;
}) {
  const { t } = useTranslation();
  const { company, unknown } = useHostCompany();

  useEffect(() => {
    if (!company.data) return;
    setCompanyType(company.data.company_type);
    if (!hasStoredLanguage()) changeLanguage(company.data.locale, false);
  }, [company.data]);

  if (unknown) return <Navigate to="/error" replace />;

  return (
    <CenteredPage>
      <GuestPanel label={label}>
        {company.isPending && <PageSpinner />}
        {company.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(t, company.error)}
            action={<Button onClick={() => company.refetch()}>{t('common.retry')}</Button>}
          />
        )}
        {company.data && (
          <>
            <CompanyHeading company={company.data} subtitle={subtitle} />
            {children(company.data)}
          </>
        )}
      </GuestPanel>
    </CenteredPage>
  );
}
