import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changeLanguage, hasStoredLanguage, setCompanyType } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { CenteredPage } from '../../shared/ui/centered-page';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { fetchCompanySharedInfo } from './auth-api';
import { companySubdomain } from './company-subdomain';
import { LoginForm } from './login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const subdomain = companySubdomain(window.location.hostname);
  const company = useQuery({
    queryKey: ['company-shared', subdomain],
    queryFn: () => fetchCompanySharedInfo(subdomain ?? ''),
    enabled: subdomain !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!company.data) return;
    setCompanyType(company.data.company_type);
    if (!hasStoredLanguage()) changeLanguage(company.data.locale, false);
  }, [company.data]);

  if (subdomain === null || (company.error instanceof ApiError && company.error.status === 404)) {
    return <Navigate to="/error" replace />;
  }

  return (
    <CenteredPage>
      {/* A plain panel, not antd Card: Card brings Tabs, Dropdown and Menu along to this page. */}
      <section
        aria-label={t('auth.title')}
        style={{
          width: '100%',
          maxWidth: 400,
          padding: 24,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
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
            <Flex vertical align="center" gap={8} style={{ marginBottom: 24, textAlign: 'center' }}>
              {company.data.logo ? (
                <img src={company.data.logo} alt={company.data.name} style={{ maxWidth: 200, maxHeight: 64 }} />
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
                  {company.data.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <h1 style={{ fontSize: 24, margin: 0, color: token.colorText }}>{company.data.name}</h1>
              <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('auth.subtitle')}</p>
            </Flex>
            <LoginForm company={company.data} />
          </>
        )}
      </section>
    </CenteredPage>
  );
}
