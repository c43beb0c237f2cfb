import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changeLanguage, hasStoredLanguage, setCompanyType } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { CenteredPage } from '../../shared/ui/centered-page';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { fetchLeadFormInfo, type LeadFormInfo } from './lead-form-api';
import { LeadFormFields } from './lead-form-fields';

/**
 * Spec §2 /entry/lead: a visitor leaves a name and a phone and the company calls back. No log-in:
 * the company is the subdomain's; the language is the company's unless the visitor chose another.
 */
export function LeadFormPage() {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: ['lead-form'],
    queryFn: fetchLeadFormInfo,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [thanked, setThanked] = useState<string | null>(null);

  useEffect(() => {
    if (!info.data) return;
    setCompanyType(info.data.company.company_type);
    if (!hasStoredLanguage()) changeLanguage(info.data.company.locale, false);
  }, [info.data]);

  if (info.error instanceof ApiError && info.error.code === 'company_not_found') {
    return <Navigate to="/error" replace />;
  }

  return (
    <CenteredPage>
      <Panel>
        {info.isPending && <PageSpinner />}
        {info.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(t, info.error)}
            action={<Button onClick={() => info.refetch()}>{t('common.retry')}</Button>}
          />
        )}
        {info.data &&
          (thanked === null ? (
            <>
              <CompanyHeading company={info.data.company} />
              <LeadFormFields info={info.data} onSent={setThanked} />
            </>
          ) : (
            <Result
              status="success"
              title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('leadForm.thanksTitle', { name: thanked })}</h1>}
              subTitle={t('leadForm.thanksText')}
              extra={<Button onClick={() => setThanked(null)}>{t('leadForm.another')}</Button>}
            />
          ))}
      </Panel>
    </CenteredPage>
  );
}

/** A plain panel (as on the log-in page): narrow enough for a phone, and for an iframe on a landing page. */
function Panel({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        width: '100%',
        maxWidth: 440,
        padding: 24,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      {children}
    </section>
  );
}

function CompanyHeading({ company }: { company: LeadFormInfo['company'] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ marginBottom: 20, textAlign: 'center' }}>
      {company.logo ? (
        <img src={company.logo} alt={company.name} style={{ maxWidth: 200, maxHeight: 64 }} />
      ) : (
        <strong style={{ fontSize: 18, color: token.colorText }}>{company.name}</strong>
      )}
      <h1 style={{ fontSize: 22, margin: 0, color: token.colorText }}>{t('leadForm.title')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('leadForm.subtitle')}</p>
    </Flex>
  );
}
