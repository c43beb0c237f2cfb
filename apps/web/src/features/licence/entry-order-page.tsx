import { countryRules } from '@crm/contracts';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { browserHost } from '../auth/browser-address';
import { companySubdomain } from '../auth/company-subdomain';
import { dateText } from '../groups/dates';
import { CentreLookup } from './centre-lookup';
import { EntryCheckoutForm } from './entry-checkout-form';
import { CompanyHeading, EntryPanel, useVisitorLanguage } from './entry-frame';
import { useEntryOrder } from './licence-api';

/**
 * Spec §2 /entry/order: a visitor (the sales link: `?subdomain=demo&login=…`, or the centre's own host) pays
 * for a centre's licence without logging in.
 */
export function EntryOrderPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const subdomain = search.get('subdomain')?.trim().toLowerCase() || companySubdomain(browserHost().hostname);
  const login = search.get('login') ?? undefined;
  const info = useEntryOrder(subdomain);
  useVisitorLanguage(info.data ? countryRules(info.data.prices.country).language : undefined);

  if (!subdomain) {
    return (
      <EntryPanel>
        <Typography.Title level={3} style={{ margin: 0, textAlign: 'center' }}>
          {t('licence.entry.title')}
        </Typography.Title>
        <CentreLookup />
      </EntryPanel>
    );
  }
  return (
    <EntryPanel>
      {info.isPending && <PageSpinner />}
      {info.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, info.error)}
          action={<Button onClick={() => info.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {info.data && (
        <>
          <CompanyHeading name={info.data.company.name} logo={info.data.company.logo}>
            <Typography.Text type="secondary">
              {info.data.licence.ends_on
                ? t('licence.entry.currentEnd', { date: dateText(info.data.licence.ends_on) })
                : t('licence.entry.title')}
            </Typography.Text>
          </CompanyHeading>
          <EntryCheckoutForm
            prices={info.data.prices}
            subdomain={info.data.company.subdomain}
            login={login}
            page="order"
            currentMax={info.data.licence.max_students}
          />
        </>
      )}
    </EntryPanel>
  );
}
