import { type CompanySharedInfo, normalizeLanguage, type PublicLoginLook } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, Flex, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changeLanguage, hasStoredLanguage, setCompanyType } from '../../i18n/i18n';
import { apiRequest } from '../../shared/api/api-client';
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

/** Only the texts of an answer the page can use: it is read without a schema, and a bad one must not break it. */
function usableLook(answer: unknown): PublicLoginLook | null {
  const { welcome, background } = (answer ?? {}) as Partial<Record<keyof PublicLoginLook, unknown>>;
  const texts = (typeof welcome === 'object' && welcome !== null ? welcome : {}) as Record<string, unknown>;
  return {
    welcome: Object.fromEntries(
      Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ) as PublicLoginLook['welcome'],
    background: typeof background === 'string' && background !== '' ? background : null,
  };
}

/**
 * The look the company gave its log-in page (issue 20: a welcome per language, a background). Asked beside the
 * company, by its path rather than its contracts' route: the route's zod schemas would outweigh the page itself
 * (api-error.ts). Any failure leaves the page as it was without a look: it must never stand between a user and
 * logging in.
 */
export function usePublicLoginLook(): PublicLoginLook | null {
  const subdomain = companySubdomain(browserHost().hostname);
  const look = useQuery({
    queryKey: ['public-login-look', subdomain],
    queryFn: () => apiRequest<unknown>('/public/login-look', { handleErrors: false }),
    select: usableLook,
    enabled: subdomain !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return look.data ?? null;
}

function CompanyHeading({
  company,
  subtitle,
  welcome,
}: {
  company: CompanySharedInfo;
  subtitle: string;
  welcome?: string;
}) {
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
      {welcome && <p style={{ margin: 0, color: token.colorText, whiteSpace: 'pre-line' }}>{welcome}</p>}
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{subtitle}</p>
    </Flex>
  );
}

/** The page's own backdrop made see-through, so the chosen background shows behind it. */
const SEE_THROUGH = { token: { colorBgLayout: 'transparent' } };
/** A theme all the same (antd wraps the page in one more element for a theme, and a new wrapper would draw it anew). */
const AS_IS = {};

/**
 * The page's chosen background behind everything, covering the screen; the panel stays opaque over it, so the form
 * reads as well as on the plain page. The same elements with or without it: the look may arrive after the visitor
 * has begun typing, and what he typed must stay.
 */
function Backdrop({ background, children }: { background: string | null | undefined; children: ReactNode }) {
  const { token } = theme.useToken();
  const picture = background ? `center / cover no-repeat url("${encodeURI(background)}")` : token.colorBgLayout;
  return (
    <div style={{ background: picture, minHeight: '100vh' }}>
      <ConfigProvider theme={background ? SEE_THROUGH : AS_IS}>{children}</ConfigProvider>
    </div>
  );
}

/**
 * A visitor's page on a company's host (log-in, password recovery): the company's name and logo over the
 * page's form, in the company's language and wording unless the visitor chose his own. A host that names
 * no company goes to /error (spec §8). The log-in page passes the company's look (its background, and its
 * welcome in the interface's language under the name).
 */
export function CompanyGuestPage({
  label,
  subtitle,
  look = null,
  children,
}: {
  label: string;
  subtitle: string;
  look?: PublicLoginLook | null;
  children: (company: CompanySharedInfo) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const welcome = look?.welcome[normalizeLanguage(i18n.language)]?.trim();
  const { company, unknown } = useHostCompany();

  useEffect(() => {
    if (!company.data) return;
    setCompanyType(company.data.company_type);
    if (!hasStoredLanguage()) changeLanguage(company.data.locale, false);
  }, [company.data]);

  if (unknown) return <Navigate to="/error" replace />;

  return (
    <Backdrop background={look?.background}>
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
              <CompanyHeading company={company.data} subtitle={subtitle} welcome={welcome} />
              {children(company.data)}
            </>
          )}
        </GuestPanel>
      </CenteredPage>
    </Backdrop>
  );
}
