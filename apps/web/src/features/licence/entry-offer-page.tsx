import { CheckCircleFilled } from '@ant-design/icons';
import { countryRules, type TariffList } from '@crm/contracts';
import { Alert, Divider, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { formatMoney } from '../courses/money';
import { dateText } from '../groups/dates';
import { CentreLookup } from './centre-lookup';
import { EntryCheckoutForm } from './entry-checkout-form';
import { CompanyHeading, EntryPanel, useVisitorLanguage } from './entry-frame';
import { useEntryOrder, useEntryTariffs } from './licence-api';
import type { OfferRegion } from './licence-paths';
import { bandsOf, tariffOf } from './tariff-prices';

const FEATURES = ['leads', 'groups', 'money', 'messages', 'reports'] as const;
/** What each band is meant for, by its upper bound (spec §9 bands). */
const BAND_KEYS: Record<number, string> = { 100: 'small', 300: 'growing', 1000: 'large' };

/**
 * Spec §2 /entry: the regional offer pages (Uzbekistan, Kazakhstan, Indonesia) — what the product does, the
 * country's prices in its currency, and paying for a centre named by its subdomain.
 */
export function EntryOfferPage({ region }: { region: OfferRegion }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const subdomain = search.get('subdomain')?.trim().toLowerCase() || null;
  const login = search.get('login') ?? undefined;
  const tariffs = useEntryTariffs(region);
  const centre = useEntryOrder(subdomain);
  useVisitorLanguage(countryRules(region).language);

  return (
    <EntryPanel>
      <OfferText prices={tariffs.data} />
      {tariffs.isPending && <PageSpinner />}
      {tariffs.isError && <Alert type="error" showIcon title={errorMessage(t, tariffs.error)} />}
      <Divider style={{ margin: 0 }} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('licence.offer.payTitle')}
      </Typography.Title>
      {!subdomain && <CentreLookup />}
      {subdomain && centre.isPending && <PageSpinner />}
      {subdomain && centre.isError && (
        <>
          <Alert type="error" showIcon title={errorMessage(t, centre.error)} />
          <CentreLookup initial={subdomain} />
        </>
      )}
      {centre.data && (
        <>
          <CompanyHeading name={centre.data.company.name} logo={centre.data.company.logo}>
            {centre.data.licence.ends_on && (
              <Typography.Text type="secondary">
                {t('licence.entry.currentEnd', { date: dateText(centre.data.licence.ends_on) })}
              </Typography.Text>
            )}
          </CompanyHeading>
          {/* The centre pays its own country's prices: the server charges those. */}
          <EntryCheckoutForm
            prices={centre.data.prices}
            subdomain={centre.data.company.subdomain}
            login={login}
            page={region}
            currentMax={centre.data.licence.max_students}
          />
        </>
      )}
    </EntryPanel>
  );
}

/** The offer: what the product does and what each band is for, with its monthly price. */
function OfferText({ prices }: { prices: TariffList | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const bands = prices ? bandsOf(prices.tariffs) : [];
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('licence.offer.title')}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{t('licence.offer.intro')}</Typography.Paragraph>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
        {FEATURES.map((feature) => (
          <li key={feature} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
            <CheckCircleFilled style={{ color: token.colorPrimary }} aria-hidden />
            <span>{t(`licence.offer.features.${feature}`)}</span>
          </li>
        ))}
      </ul>
      {prices && bands.length > 0 && (
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
          {bands.map((band) => {
            const month = tariffOf(prices.tariffs, band.max, 1);
            return (
              <Flex
                key={band.max}
                vertical
                gap={4}
                style={{
                  padding: 12,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                }}
              >
                <strong>{t('licence.band', { min: band.min, max: band.max })}</strong>
                {month && (
                  <span>{t('licence.order.perMonth', { price: formatMoney(month.price, prices.currency) })}</span>
                )}
                <Typography.Text type="secondary">
                  {t(`licence.offer.bands.${BAND_KEYS[band.max] ?? 'large'}`)}
                </Typography.Text>
              </Flex>
            );
          })}
        </div>
      )}
      <Typography.Text type="secondary">{t('licence.offer.allIncluded')}</Typography.Text>
    </Flex>
  );
}

// One page per region, each a route of its own (spec §2 "three regional offer pages").
export const OfferUzPage = () => <EntryOfferPage region="uz" />;
export const OfferKzPage = () => <EntryOfferPage region="kz" />;
export const OfferIdPage = () => <EntryOfferPage region="id" />;
