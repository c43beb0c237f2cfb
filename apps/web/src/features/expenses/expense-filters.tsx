import { type Country, type ExpenseType, type PaymentMethod, paymentMethodsOf } from '@crm/contracts';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { monthPeriod as currentMonth, PeriodPicker } from '../../shared/ui/period-picker';
import { type BucketValue, bucketOptions, fromBucketValue, methodLabel } from './expense-labels';
import type { ExpenseFilters } from './expenses-api';

/** The filters the page keeps; the branch comes from the header's switcher. */
export type PageFilters = Omit<ExpenseFilters, 'branch_id'>;

/** The page opens on the current month (the API names the period from_date and to_date). */
export const monthPeriod = (): PageFilters => {
  const { from, till } = currentMonth();
  return { from_date: from, to_date: till };
};

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
      <PeriodPicker
        value={{ from: filters.from_date, till: filters.to_date }}
        onChange={({ from, till }) => onChange({ from_date: from, to_date: till })}
      />
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
        options={paymentMethodsOf(country, filters.method).map((method) => ({
          value: method,
          label: methodLabel(t, method),
        }))}
        style={{ width: 170, maxWidth: '100%' }}
      />
    </Flex>
  );
}
