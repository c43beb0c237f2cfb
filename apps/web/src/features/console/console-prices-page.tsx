import { COUNTRIES, type Country } from '@crm/contracts';
import { Flex, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TariffGrid } from './tariff-grid';

/** The countries most centres are in get a tab each; the rest share one, with a choice of country. */
const MAIN_COUNTRIES = ['uz', 'kz', 'id'] as const satisfies readonly Country[];
type Tab = (typeof MAIN_COUNTRIES)[number] | 'others';
const OTHER_COUNTRIES = COUNTRIES.filter((c) => !(MAIN_COUNTRIES as readonly string[]).includes(c));

/** The licence price list (issue 17): per country, a price for each band of students and each period. */
export function ConsolePricesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('uz');
  const [other, setOther] = useState<Country>(OTHER_COUNTRIES[0] ?? 'ru');
  const country: Country = tab === 'others' ? other : tab;
  const countryName = (c: Country) => t(`signUp.countries.${c}`);

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('console.prices.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('console.prices.hint')}</Typography.Text>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          ...MAIN_COUNTRIES.map((c) => ({ key: c, label: countryName(c) })),
          { key: 'others', label: t('console.prices.others') },
        ]}
        style={{ marginBottom: -12 }}
      />
      {tab === 'others' && (
        <Select
          aria-label={t('console.prices.country')}
          value={other}
          onChange={setOther}
          options={OTHER_COUNTRIES.map((c) => ({ value: c, label: countryName(c) }))}
          style={{ width: 220, maxWidth: '100%' }}
        />
      )}
      <TariffGrid country={country} />
    </Flex>
  );
}
