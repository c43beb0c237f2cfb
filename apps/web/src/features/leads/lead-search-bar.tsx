import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { Badge, Button, DatePicker, Flex, Grid, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourseOptions } from '../groups/groups-api';
import { leadSourceOptions, useLeadSources, useLeadTags, useResponsibleOptions } from './lead-options-api';
import type { LeadFilters } from './leads-api';

const ISO = 'YYYY-MM-DD';
/** Typing waits this long before the search is asked. */
const TYPING_MS = 400;

/** Whether any part of the search is set (the board then shows the server's matches). */
export const hasFilters = (filters: LeadFilters) =>
  Object.values(filters).some((value) => value !== undefined && value !== '');

/** Spec §9 lead search: date range, text in name or phone, staff, course, tag (and source). */
export function LeadSearchBar({
  branchId,
  filters,
  onChange,
}: {
  branchId: number;
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(filters.search ?? '');
  const courses = useCourseOptions();
  const tags = useLeadTags();
  const sources = useLeadSources();
  const staff = useResponsibleOptions(branchId);
  const set = (patch: Partial<LeadFilters>) => onChange({ ...filters, ...patch });
  // On a phone the filters beyond the text fold away, leaving the board most of the screen.
  const phone = !Grid.useBreakpoint().md;
  const [unfolded, setUnfolded] = useState(false);
  const { search: _text, ...others } = filters;
  const othersSet = Object.values(others).filter((value) => value !== undefined).length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the wait
  useEffect(() => {
    const search = text.trim() || undefined;
    if (search === filters.search) return;
    const timer = setTimeout(() => set({ search }), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Flex wrap gap={8} align="center" role="search" aria-label={t('leads.search.label')}>
      <Input.Search
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => set({ search: value.trim() || undefined })}
        placeholder={t('leads.search.text')}
        aria-label={t('leads.search.text')}
        style={{ width: 240, maxWidth: '100%', flex: phone ? 1 : undefined }}
      />
      {phone && (
        <Badge count={othersSet} size="small">
          <Button
            icon={<FilterOutlined />}
            aria-expanded={unfolded}
            aria-label={t('leads.search.filters')}
            onClick={() => setUnfolded(!unfolded)}
          />
        </Badge>
      )}
      {(!phone || unfolded) && (
        <>
          <DatePicker.RangePicker
            aria-label={t('leads.search.dates')}
            format="DD.MM.YYYY"
            value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
            onChange={(range) => set({ from: range?.[0]?.format(ISO), to: range?.[1]?.format(ISO) })}
            allowEmpty={[true, true]}
            style={{ maxWidth: '100%' }}
          />
          {(
            [
              ['admin_id', 'admin', staff],
              ['course_id', 'course', courses.data ?? []],
              ['tag_id', 'tag', (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))],
              ['source_id', 'source', leadSourceOptions(t, sources.data ?? [])],
            ] as const
          ).map(([field, label, options]) => (
            <Select
              key={field}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t(`leads.fields.${label}`)}
              placeholder={t(`leads.fields.${label}`)}
              value={filters[field]}
              onChange={(value?: number) => set({ [field]: value })}
              options={[...options]}
              style={{ width: 160, maxWidth: '100%' }}
            />
          ))}
        </>
      )}
      {hasFilters(filters) && (
        <Button
          icon={<ClearOutlined />}
          onClick={() => {
            setText('');
            onChange({});
          }}
        >
          {t('leads.search.clear')}
        </Button>
      )}
    </Flex>
  );
}
