import type { FormReport } from '@crm/contracts';
import { DatePicker, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../groups/dates';
import type { AnswerFilters } from './forms-api';

const ISO = 'YYYY-MM-DD';
const isDay = (value: string | null): value is string => value !== null && dayjs(value, ISO, true).isValid();
const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The answers page's filters and page as the address keeps them, so a link shows the same answers. */
export function answerFiltersOf(params: URLSearchParams): { filters: AnswerFilters; page: number } {
  const from = params.get('from');
  const to = params.get('to');
  const filters: AnswerFilters = {
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    search: params.get('search')?.trim() || undefined,
    utm_source: params.get('utm_source')?.trim() || undefined,
    teacher_id: positive(params.get('teacher_id')),
    group_id: positive(params.get('group_id')),
  };
  return { filters, page: positive(params.get('page')) ?? 1 };
}

interface AnswerFilterBarProps {
  filters: AnswerFilters;
  audit: boolean;
  /** The teachers and groups with answers (an audit form's report names them). */
  report: FormReport | undefined;
  onChange: (changes: Record<string, string | undefined>) => void;
}

/** Period, text, utm source; an audit form's teacher and group too. */
export function AnswerFilterBar({ filters, audit, report, onChange }: AnswerFilterBarProps) {
  const { t } = useTranslation();
  const select = { allowClear: true, showSearch: { optionFilterProp: 'label' }, style: { width: 200 } } as const;
  return (
    <Flex wrap gap={8}>
      <DatePicker.RangePicker
        aria-label={t('forms.answers.period')}
        format="DD.MM.YYYY"
        inputReadOnly
        value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
        onChange={(range) => onChange({ from: range?.[0]?.format(ISO), to: range?.[1]?.format(ISO) })}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <Input.Search
        key={`search-${filters.search ?? ''}`}
        aria-label={t('forms.answers.search')}
        placeholder={t('forms.answers.search')}
        allowClear
        defaultValue={filters.search}
        onSearch={(search) => onChange({ search: search.trim() })}
        style={{ width: 220, maxWidth: '100%' }}
      />
      <Input.Search
        key={`utm-${filters.utm_source ?? ''}`}
        aria-label={t('forms.answers.utmSource')}
        placeholder={t('forms.answers.utmSource')}
        allowClear
        defaultValue={filters.utm_source}
        onSearch={(source) => onChange({ utm_source: source.trim() })}
        style={{ width: 200, maxWidth: '100%' }}
      />
      {audit && (
        <>
          <Select<number>
            {...select}
            aria-label={t('forms.answers.teacher')}
            placeholder={t('forms.answers.teacher')}
            value={filters.teacher_id}
            onChange={(id) => onChange({ teacher_id: id ? String(id) : undefined })}
            options={(report?.by_teacher ?? []).map((teacher) => ({ value: teacher.id, label: teacher.name }))}
          />
          <Select<number>
            {...select}
            aria-label={t('forms.answers.group')}
            placeholder={t('forms.answers.group')}
            value={filters.group_id}
            onChange={(id) => onChange({ group_id: id ? String(id) : undefined })}
            options={(report?.by_group ?? []).map((group) => ({ value: group.id, label: group.title }))}
          />
        </>
      )}
    </Flex>
  );
}
