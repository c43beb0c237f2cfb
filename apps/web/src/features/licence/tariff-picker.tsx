import { formatAmount, type OnlineProvider, type TariffList } from '@crm/contracts';
import { Alert, Flex, Radio, Segmented, Tag, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../courses/money';
import { type Band, bandsOf, periodsOf, type TariffChoice, tariffOf, withBand } from './tariff-prices';

interface TariffPickerProps {
  prices: TariffList;
  value: TariffChoice;
  onChange: (choice: TariffChoice) => void;
  /** What to say when no provider is offered (the billing page offers an invoice; a visitor's page cannot). */
  noOnlineText: string;
}

/**
 * The order form's choices (billing/order, /entry/order, the offer pages): a band card each, the period with
 * each one's price and discount, the total, and the provider to pay through.
 */
export function TariffPicker({ prices, value, onChange, noOnlineText }: TariffPickerProps) {
  const { t } = useTranslation();
  const { tariffs, currency } = prices;
  const chosen = tariffOf(tariffs, value.max_students, value.period_months);
  return (
    <Flex vertical gap={20}>
      <section aria-labelledby="licence-band">
        <Typography.Title level={5} id="licence-band" style={{ marginTop: 0 }}>
          {t('licence.order.band')}
        </Typography.Title>
        <Radio.Group
          aria-labelledby="licence-band"
          value={value.max_students}
          onChange={(event) => onChange(withBand(tariffs, value, event.target.value as number))}
          style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}
        >
          {bandsOf(tariffs).map((band) => (
            <BandCard
              key={band.max}
              band={band}
              price={tariffOf(tariffs, band.max, value.period_months)?.price}
              currency={currency}
              months={value.period_months}
              checked={band.max === value.max_students}
            />
          ))}
        </Radio.Group>
      </section>

      <section aria-labelledby="licence-period">
        <Typography.Title level={5} id="licence-period" style={{ marginTop: 0 }}>
          {t('licence.order.period')}
        </Typography.Title>
        <Segmented<number>
          block
          aria-labelledby="licence-period"
          value={value.period_months}
          onChange={(months) => onChange({ ...value, period_months: months })}
          options={periodsOf(tariffs).map((months) => {
            const tariff = tariffOf(tariffs, value.max_students, months);
            return {
              value: months,
              disabled: !tariff,
              label: (
                <Flex vertical style={{ padding: '4px 0', lineHeight: 1.3 }}>
                  <span>{t('licence.months', { count: months })}</span>
                  {/* The amount alone: four of them with the currency do not fit a phone's width (the total has it). */}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {tariff ? formatAmount(tariff.price, currency) : '—'}
                  </Typography.Text>
                  {tariff && tariff.discount_percent > 0 && (
                    <span>
                      <Tag color="green" style={{ marginInlineEnd: 0 }}>
                        {t('licence.order.discount', { percent: tariff.discount_percent })}
                      </Tag>
                    </span>
                  )}
                </Flex>
              ),
            };
          })}
        />
      </section>

      <Flex vertical aria-live="polite">
        <Typography.Text type="secondary">{t('licence.order.total')}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 24 }} data-testid="licence-total">
          {chosen ? formatMoney(chosen.price, currency) : '—'}
        </Typography.Text>
        {chosen && (
          <Typography.Text type="secondary">
            {t('licence.order.totalFor', {
              months: t('licence.months', { count: chosen.period_months }),
              max: chosen.max_students,
            })}
          </Typography.Text>
        )}
      </Flex>

      <ProviderChoice
        providers={prices.providers}
        value={value.provider}
        onChange={(provider) => onChange({ ...value, provider })}
        noOnlineText={noOnlineText}
      />
    </Flex>
  );
}

/** A band as a radio drawn as a card: its range, the chosen period's price and what that makes a month. */
function BandCard(props: {
  band: Band;
  price: number | undefined;
  currency: string;
  months: number;
  checked: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { band, price, currency, months, checked } = props;
  return (
    <Radio
      value={band.max}
      disabled={price === undefined}
      style={{
        margin: 0,
        padding: 16,
        alignItems: 'flex-start',
        background: checked ? token.colorPrimaryBg : token.colorBgContainer,
        border: `${checked ? 2 : 1}px solid ${checked ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <Flex vertical gap={4}>
        <strong>{t('licence.band', { min: band.min, max: band.max })}</strong>
        <span style={{ fontSize: 18 }}>{price === undefined ? '—' : formatMoney(price, currency)}</span>
        <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>
          {price === undefined
            ? t('licence.order.notPriced')
            : t('licence.order.perMonth', { price: formatMoney(Math.round(price / months), currency) })}
        </span>
      </Flex>
    </Radio>
  );
}

/** The providers the platform takes money through in this country; none: online payment is not offered. */
function ProviderChoice(props: {
  providers: readonly OnlineProvider[];
  value: OnlineProvider | null;
  onChange: (provider: OnlineProvider) => void;
  noOnlineText: string;
}) {
  const { t } = useTranslation();
  if (props.providers.length === 0) {
    return <Alert type="info" showIcon title={props.noOnlineText} />;
  }
  return (
    <section aria-labelledby="licence-provider">
      <Typography.Title level={5} id="licence-provider" style={{ marginTop: 0 }}>
        {t('licence.order.provider')}
      </Typography.Title>
      <Radio.Group
        aria-labelledby="licence-provider"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as OnlineProvider)}
        options={props.providers.map((provider) => ({ value: provider, label: providerName(t, provider) }))}
      />
    </section>
  );
}

export const providerName = (t: TFunction, provider: string) =>
  t(`finance.methods.${provider}`, { defaultValue: provider });
