import { CHART_MAX_MONTHS } from '@crm/contracts';
import { Flex, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monthPeriod, PeriodPicker } from '../../shared/ui/period-picker';
import { useCourseOptions } from '../groups/groups-api';
import { type PageFilters, useReportFilters } from '../reports/report-filters';
import { useReportGroupOptions } from '../reports/reports-api';

/**
 * The calendar offers no longer range than a chart answers: four weeks a month keeps any
 * range inside CHART_MAX_MONTHS calendar months.
 */
const MAX_DAYS = (CHART_MAX_MONTHS - 1) * 28;

/** A finance page's filters (the current month to begin with) and page; a change of filter goes back to page one. */
export function useFinanceFilters(branchId: number) {
  const state = useReportFilters<PageFilters>(monthPeriod());
  const { from, till, group_id, course_id } = state.filters;
  // The API names the period's end `to` (spec §7 "branch_id, from, to").
  const query = useMemo(
    () => ({ branch_id: branchId, from, to: till, group_id, course_id }),
    [branchId, from, till, group_id, course_id],
  );
  return { ...state, query };
}

type ListFilter = 'group_id' | 'course_id';

interface FilterBarProps {
  branchId: number;
  filters: PageFilters;
  onChange: (patch: Partial<PageFilters>) => void;
  /** The one list filter a page offers beside the period. */
  by?: ListFilter;
}

/** The period and, on some pages, a group or a course. */
export function FinanceFilterBar({ branchId, filters, onChange, by }: FilterBarProps) {
  const select = { value: filters, onChange };
  return (
    <Flex wrap gap={8} align="center">
      <PeriodPicker value={filters} onChange={onChange} maxDays={MAX_DAYS} />
      {by === 'group_id' && <GroupSelect branchId={branchId} {...select} />}
      {by === 'course_id' && <CourseSelect {...select} />}
    </Flex>
  );
}

interface SelectProps {
  value: PageFilters;
  onChange: (patch: Partial<PageFilters>) => void;
}

function GroupSelect({ branchId, ...props }: SelectProps & { branchId: number }) {
  return <ListSelect by="group_id" options={useReportGroupOptions(branchId).data} {...props} />;
}

function CourseSelect(props: SelectProps) {
  return <ListSelect by="course_id" options={useCourseOptions().data} {...props} />;
}

function ListSelect({
  by,
  options,
  value,
  onChange,
}: SelectProps & { by: ListFilter; options?: { value: number; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t(`financeReports.filters.${by}`)}
      placeholder={t(`financeReports.filters.${by}`)}
      value={value[by]}
      onChange={(next: number | undefined) => onChange({ [by]: next })}
      options={options ?? []}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}
