import {
  bandMinOf,
  type Country,
  formatAmount,
  TARIFF_BANDS,
  TARIFF_PERIODS,
  type Tariff,
  type TariffBand,
  type TariffPeriod,
} from '@crm/contracts';
import { Alert, Button, Card, Flex, Grid, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useConsoleTariffs } from './console-licence-api';
import { type PriceCell, TariffPriceModal } from './tariff-price-modal';

/**
 * One country's prices as a table of bands × periods (a card per band on a phone). Each cell opens the price's
 * dialog: set or change it, or remove a price no longer offered.
 */
export function TariffGrid({ country }: { country: Country }) {
  const { t } = useTranslation();
  const list = useConsoleTariffs(country);
  const wide = Grid.useBreakpoint().md ?? true;
  const [editing, setEditing] = useState<PriceCell | null>(null);

  if (list.isError) return <Alert type="error" showIcon title={errorMessage(t, list.error)} />;
  if (!list.data) return <Skeleton active />;
  const { currency, data } = list.data;

  const bandLabel = (band: TariffBand) => t('console.prices.band', { min: bandMinOf(band), max: band });
  const bandStudents = (band: TariffBand) => t('console.prices.bandStudents', { min: bandMinOf(band), max: band });
  const periodLabel = (period: TariffPeriod) => t(`console.prices.periods.${period}`);
  const tariffOf = (band: TariffBand, period: TariffPeriod): Tariff | undefined =>
    data.find((tariff) => tariff.max_students === band && tariff.period_months === period);

  const cell = (band: TariffBand, period: TariffPeriod) => {
    const tariff = tariffOf(band, period);
    return (
      <Button
        type="text"
        aria-label={t('console.prices.editCell', { band: bandStudents(band), period: periodLabel(period) })}
        onClick={() => setEditing({ band, period, tariff })}
        style={{ height: 'auto', padding: '4px 8px', textAlign: 'start' }}
      >
        {tariff ? (
          <Flex vertical align={wide ? 'flex-start' : 'flex-end'} gap={2}>
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {`${formatAmount(tariff.price, currency)} ${currency}`}
            </Typography.Text>
            {tariff.discount_percent !== 0 && (
              <Tag color={tariff.discount_percent > 0 ? 'green' : 'orange'} style={{ marginInlineEnd: 0 }}>
                {tariff.discount_percent > 0
                  ? t('console.prices.discount', { percent: tariff.discount_percent })
                  : t('console.prices.surcharge', { percent: -tariff.discount_percent })}
              </Tag>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('console.prices.notOffered')}</Typography.Text>
        )}
      </Button>
    );
  };

  const columns: TableColumnsType<{ band: TariffBand }> = [
    {
      title: t('console.prices.students'),
      key: 'band',
      render: (_, row) => <Typography.Text strong>{bandLabel(row.band)}</Typography.Text>,
    },
    ...TARIFF_PERIODS.map((period) => ({
      title: periodLabel(period),
      key: String(period),
      render: (_: unknown, row: { band: TariffBand }) => cell(row.band, period),
    })),
  ];

  return (
    <>
      {wide ? (
        <Table
          rowKey="band"
          size="small"
          columns={columns}
          dataSource={TARIFF_BANDS.map((band) => ({ band }))}
          pagination={false}
        />
      ) : (
        <Flex vertical gap={12}>
          {TARIFF_BANDS.map((band) => (
            <Card key={band} size="small" title={bandStudents(band)}>
              {TARIFF_PERIODS.map((period) => (
                <Flex key={period} justify="space-between" align="center" gap={8}>
                  <Typography.Text type="secondary">{periodLabel(period)}</Typography.Text>
                  {cell(band, period)}
                </Flex>
              ))}
            </Card>
          ))}
        </Flex>
      )}
      {data.length === 0 && <Typography.Text type="secondary">{t('console.prices.empty')}</Typography.Text>}
      {editing && (
        <TariffPriceModal country={country} currency={currency} cell={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
