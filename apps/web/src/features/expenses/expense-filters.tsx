import type { Country, ExpenseType, PaymentMethod } from '@crm/contracts';
import { DatePicker, Flex, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dayjs, dayjs } from '../groups/dates';
import { type BucketValue, bucketOptions, fromBucketValue, methodLabel, methodsOf } from './expense-labels';
import type { ExpenseFilters } from './expenses-api';

const ISO = 'YYYY-MM-DD';

/** The filters the page keeps; the branch comes from the header's switcher. */
export type PageFilters = Omit<ExpenseFilters, 'branch_id'>;

/** The page opens on the current month. */
export const monthPeriod = (month: Dayjs = dayjs()) => ({
  from_date: month.startOf('month').format(ISO),
  to_date: month.endOf('month').format(ISO),
});

const isWholeMonth = (from: string, to: string) => {
  const month = monthPeriod(dayjs(from));
  return month.from_date === from && month.to_date === to;
};

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A month (the usual question), or any range of days. */
function PeriodPicker({ from, to, onChange }: { from: string; to: string; onChange: (p: PageFilters) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'month' | 'range'>(isWholeMonth(from, to) ? 'month' : 'range');
  return (
    <Flex wrap gap={8}>
      <Segmented<'month' | 'range'>
        aria-label={t('expenses.filters.period')}
        value={mode}
        onChange={(next) => {
          setMode(next);
          if (next === 'month') onChange(monthPeriod(dayjs(from)));
        }}
        options={[
          { value: 'month', label: t('expenses.filters.month') },
          { value: 'range', label: t('expenses.filters.range') },
        ]}
      />
      {mode === 'month' ? (
        <DatePicker
          picker="month"
          aria-label={t('expenses.filters.month')}
          allowClear={false}
          value={dayjs(from)}
          format={(month) => capitalised(month.format('MMMM YYYY'))}
          onChange={(month) => month && onChange(monthPeriod(month))}
          style={{ width: 170 }}
        />
      ) : (
        <DatePicker.RangePicker
          aria-label={t('expenses.filters.range')}
          allowClear={false}
          value={[dayjs(from), dayjs(to)]}
          format="DD.MM.YYYY"
          onChange={(range) =>
            range?.[0] && range[1] && onChange({ from_date: range[0].format(ISO), to_date: range[1].format(ISO) })
          }
          style={{ width: 250, maxWidth: '100%' }}
        />
      )}
    </Flex>
  );
}

/** Period, category (standard or own type, deactivated ones too: old expenses have them) and method. */
export function ExpenseFilterBar({
  filters,
  types,
  country,
  onChange,
}: {
  filters: PageFilters;
  types: readonly ExpenseType[] | undefined;
  country: Country;
  onChange: (patch: Partial<PageFilters>) => void;
}) {
  const { t } = useTranslation();
  const bucket: BucketValue | undefined = filters.type_id
    ? `type:${filters.type_id}`
    : filters.category
      ? `category:${filters.category}`
      : undefined;
  const everyType = (types ?? []).map((type) => ({ ...type, active: true }));
  return (
    <Flex wrap gap={8} align="center">
      <PeriodPicker from={filters.from_date} to={filters.to_date} onChange={onChange} />
      <Select<BucketValue>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('expenses.filters.category')}
        placeholder={t('expenses.filters.category')}
        value={bucket}
        onChange={(value) => {
          const chosen = fromBucketValue(value);
          onChange({ category: chosen.category ?? undefined, type_id: chosen.type_id ?? undefined });
        }}
        options={bucketOptions(t, everyType)}
        style={{ width: 200, maxWidth: '100%' }}
      />
      <Select<PaymentMethod>
        allowClear
        aria-label={t('expenses.filters.method')}
        placeholder={t('expenses.filters.method')}
        value={filters.method}
        onChange={(method) => onChange({ method })}
        options={methodsOf(country, filters.method).map((method) => ({ value: method, label: methodLabel(t, method) }))}
        style={{ width: 170, maxWidth: '100%' }}
      />
    </Flex>
  );
}
