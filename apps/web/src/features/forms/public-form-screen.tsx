import { isTheme, type PublicAnswerInput, type PublicForm } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { themeConfig } from '../../app/theme/theme-config';
import { changeLanguage, hasStoredLanguage } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { CenteredPage } from '../../shared/ui/centered-page';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { useFacebookPixel } from './facebook-pixel';
import { FormHeading } from './form-heading';
import { PublicAnswerForm } from './public-answer-form';
import { outcomeOfError, type PublicOutcome, PublicOutcomeView } from './public-form-states';

interface PublicFormScreenProps {
  form: UseQueryResult<PublicForm>;
  send: (body: PublicAnswerInput) => Promise<unknown>;
  /** An outcome known before asking (an audit link without a token). */
  outcome?: PublicOutcome;
}

/**
 * Spec §2 /entry/form/{id} and /entry/audit/…: a form for a visitor, without a log-in, in the company's
 * look and (unless the visitor chose another) its language, sized for a phone first.
 */
export function PublicFormScreen({ form, send, outcome: known }: PublicFormScreenProps) {
  const { t } = useTranslation();
  const [ended, setEnded] = useState<PublicOutcome | null>(null);
  const data = form.data;
  useFacebookPixel(data?.form.pixel_id);

  useEffect(() => {
    if (!data) return;
    // The tab and a shared link's preview read the form's title rather than the app's name.
    document.title = data.form.title;
    if (!hasStoredLanguage()) changeLanguage(data.company.locale, false);
  }, [data]);

  const error = form.error instanceof ApiError ? form.error : null;
  if (error?.code === 'company_not_found') return <Navigate to="/error" replace />;
  const outcome = known ?? ended ?? (error && outcomeOfError(error.code, error.status));
  const companyTheme = data?.company.theme_color;

  const page = (
    <CenteredPage>
      <Panel>
        {outcome ? (
          <PublicOutcomeView
            outcome={outcome}
            successText={data?.form.success_text ?? ''}
            onAgain={data?.form.kind === 'audit' ? undefined : () => setEnded(null)}
          />
        ) : form.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={errorMessage(t, form.error)}
            action={<Button onClick={() => form.refetch()}>{t('common.retry')}</Button>}
          />
        ) : data ? (
          <>
            <FormHeading company={data.company} form={data.form} audit={data.audit} />
            <PublicAnswerForm data={data} send={send} onOutcome={setEnded} />
          </>
        ) : (
          <PageSpinner />
        )}
      </Panel>
    </CenteredPage>
  );
  return isTheme(companyTheme) ? <ConfigProvider theme={themeConfig(companyTheme)}>{page}</ConfigProvider> : page;
}

/** A plain panel, as on the lead form: a phone's whole width, and narrow enough for an iframe on a landing page. */
function Panel({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        width: '100%',
        maxWidth: 640,
        padding: 'clamp(16px, 5vw, 32px)',
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      {children}
    </section>
  );
}
