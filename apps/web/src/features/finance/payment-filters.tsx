import type { PaymentMethod } from '@crm/contracts';
import { DatePicker, Flex, Segmented, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { type Dayjs, dayjs } from '../groups/dates';
import { usePeople } from '../users/users-api';
import type { PaymentFilters } from './money-api';
import { useCompanyMethods } from './money-text';

const ISO = 'YYYY-MM-DD';

/** The payments page opens on the current month. */
export const monthOf = (day: Dayjs = companyTodayDayjs()) => ({
  from: day.startOf('month').format(ISO),
  to: day.endOf('month').format(ISO),
});

const isWholeMonth = (from: string, to: string) => {
  const month = monthOf(dayjs(from));
  return month.from === from && month.to === to;
};

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A month (the usual question at the cash desk) or any range of days. */
function PeriodPicker({ from, to, onChange }: { from: string; to: string; onChange: (p: PaymentFilters) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'month' | 'range'>(isWholeMonth(from, to) ? 'month' : 'range');
  return (
    <Flex wrap gap={8}>
      <Segmented<'month' | 'range'>
        aria-label={t('finance.filters.period')}
        value={mode}
        onChange={(next) => {
          setMode(next);
          if (next === 'month') onChange(monthOf(dayjs(from)));
        }}
        options={[
          { value: 'month', label: t('finance.filters.month') },
          { value: 'range', label: t('finance.filters.range') },
        ]}
      />
      {mode === 'month' ? (
        <DatePicker
          picker="month"
          aria-label={t('finance.filters.month')}
          allowClear={false}
          value={dayjs(from)}
          // dayjs names some months in lower case ("ноябрь"): a picker's value reads better capitalised.
          format={(month) => capitalised(month.format('MMMM YYYY'))}
          onChange={(month) => month && onChange(monthOf(month))}
          style={{ width: 170 }}
        />
      ) : (
        <DatePicker.RangePicker
          aria-label={t('finance.filters.range')}
          allowClear={false}
          value={[dayjs(from), dayjs(to)]}
          format="DD.MM.YYYY"
          onChange={(range) =>
            range?.[0] && range[1] && onChange({ from: range[0].format(ISO), to: range[1].format(ISO) })
          }
          style={{ width: 250, maxWidth: '100%' }}
        />
      )}
    </Flex>
  );
}

/** Finds a student of the branch by name or phone (GET /user), the list narrowing as one types. */
function StudentPicker({
  branchId,
  value,
  onChange,
}: {
  branchId: number;
  value?: number;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const people = usePeople('student', false, { name_or_phone: asked || undefined, branch_id: branchId }, 1, 20);
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      aria-label={t('finance.filters.student')}
      placeholder={t('finance.filters.student')}
      value={value}
      onChange={(id: number | undefined) => {
        onChange(id);
        setSearch('');
      }}
      loading={people.isFetching}
      options={(people.data?.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
      notFoundContent={people.isFetching ? null : t('finance.filters.noStudents')}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}

/** Period, method, student and "with cancelled": any change starts again at page one (spec §5). */
export function PaymentFilterBar({
  branchId,
  filters,
  onChange,
}: {
  branchId: number;
  filters: PaymentFilters;
  onChange: (patch: Partial<PaymentFilters>) => void;
}) {
  const { t } = useTranslation();
  const methods = useCompanyMethods();
  return (
    <Flex wrap gap={8} align="center">
      <PeriodPicker from={filters.from} to={filters.to} onChange={onChange} />
      <Select<PaymentMethod>
        allowClear
        aria-label={t('finance.filters.method')}
        placeholder={t('finance.filters.method')}
        value={filters.method}
        onChange={(method) => onChange({ method })}
        options={methods.map((method) => ({ value: method, label: t(`finance.methods.${method}`) }))}
        style={{ width: 170, maxWidth: '100%' }}
      />
      <StudentPicker branchId={branchId} value={filters.student_id} onChange={(id) => onChange({ student_id: id })} />
      <Flex gap={8} align="center">
        <Switch
          id="payments-with-cancelled"
          checked={filters.with_reversed ?? false}
          onChange={(checked) => onChange({ with_reversed: checked })}
        />
        <Typography.Text>
          <label htmlFor="payments-with-cancelled">{t('finance.filters.withCancelled')}</label>
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
