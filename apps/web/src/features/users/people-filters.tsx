import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { STUDENT_FINANCE_FILTERS, type StudentFinanceFilter, StudentStatus, type UserType } from '@crm/contracts';
import { Badge, Button, Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../app/shell/use-viewport';
import { useSession } from '../../shared/session/use-session';
import { type PeopleFilters, useCourseOptions, useStudentTags } from './users-api';

/** Spec §5 "the list resets to page 1 when any filter changes": the page owns that, via onChange. */
interface PeopleFiltersBarProps {
  type: UserType;
  filters: PeopleFilters;
  /** Whether the branch filter is "all branches" rather than the header's branch. */
  allBranches: boolean;
  onChange: (next: PeopleFilters, allBranches: boolean) => void;
  /** Whether the list has its first answer: the course and tag choices are asked for after it, not beside it. */
  listReady: boolean;
}

const SEARCH_DELAY_MS = 400;
export const ALL_BRANCHES = 0;

export function PeopleFiltersBar({ type, filters, allBranches, onChange, listReady }: PeopleFiltersBarProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [text, setText] = useState(filters.name_or_phone ?? '');
  const isStudent = type === 'student';
  const courses = useCourseOptions(type !== 'staff' && listReady);
  const tags = useStudentTags(isStudent && listReady);
  const branches = user?.branches ?? [];
  // On a phone the filters fold behind one button, so the list starts on the first screen.
  const narrow = useViewport() === 'mobile';
  const [unfolded, setUnfolded] = useState(false);

  // Typing waits for a pause before it asks the server.
  useEffect(() => {
    if (text === (filters.name_or_phone ?? '')) return;
    const timer = setTimeout(
      () => onChange({ ...filters, name_or_phone: text || undefined }, allBranches),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, filters, allBranches, onChange]);

  const set = (patch: Partial<PeopleFilters>) => onChange({ ...filters, ...patch }, allBranches);
  const chosen = [
    filters.course_id !== undefined,
    !!filters.statuses?.length,
    !!filters.tag_ids?.length,
    filters.finance !== undefined,
    !!filters.sort_by_name,
    allBranches,
  ].filter(Boolean).length;
  const filtered = chosen > 0 || !!filters.name_or_phone;
  const showAll = !narrow || unfolded;
  const wide = (width: number) => (narrow ? { flex: '1 1 100%' } : { width });

  const statusOptions = Object.values(StudentStatus).map((status) => ({
    value: status,
    label: t(`users.status.${status}`),
  }));

  return (
    <Flex wrap gap={8} align="center">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('users.filters.search')}
        aria-label={t('users.filters.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={narrow ? { flex: '1 1 0', minWidth: 0 } : { width: 240 }}
      />
      {narrow && (
        <Badge count={chosen} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setUnfolded(!unfolded)} aria-expanded={unfolded}>
            {t('users.filters.more')}
          </Button>
        </Badge>
      )}
      {showAll && branches.length > 1 && (
        <Select
          aria-label={t('users.filters.branch')}
          value={allBranches ? ALL_BRANCHES : filters.branch_id}
          onChange={(value: number) =>
            value === ALL_BRANCHES
              ? onChange({ ...filters, branch_id: undefined }, true)
              : onChange({ ...filters, branch_id: value }, false)
          }
          options={[
            { value: ALL_BRANCHES, label: t('users.filters.allBranches') },
            ...branches.map((b) => ({ value: b.id, label: b.name })),
          ]}
          style={wide(160)}
        />
      )}
      {showAll && type !== 'staff' && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('users.filters.course')}
          placeholder={t('users.filters.course')}
          value={filters.course_id}
          onChange={(value?: number) => set({ course_id: value })}
          loading={courses.isLoading}
          options={(courses.data ?? []).map((course) => ({ value: course.id, label: course.name }))}
          style={wide(170)}
        />
      )}
      {showAll && isStudent && (
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          aria-label={t('users.filters.status')}
          placeholder={t('users.filters.status')}
          value={filters.statuses ?? []}
          onChange={(value: number[]) => set({ statuses: value.length ? value : undefined })}
          options={statusOptions}
          style={wide(190)}
        />
      )}
      {showAll && isStudent && (
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          optionFilterProp="label"
          aria-label={t('users.filters.tags')}
          placeholder={t('users.filters.tags')}
          value={filters.tag_ids ?? []}
          onChange={(value: number[]) => set({ tag_ids: value.length ? value : undefined })}
          loading={tags.isLoading}
          options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          style={wide(160)}
        />
      )}
      {showAll && isStudent && (
        <Select
          allowClear
          aria-label={t('users.filters.finance')}
          placeholder={t('users.filters.finance')}
          value={filters.finance}
          onChange={(value?: StudentFinanceFilter) => set({ finance: value })}
          options={STUDENT_FINANCE_FILTERS.map((filter) => ({ value: filter, label: t(`users.finance.${filter}`) }))}
          style={wide(170)}
        />
      )}
      {showAll && (
        <Select
          aria-label={t('users.filters.sort')}
          value={filters.sort_by_name ? 'name' : 'newest'}
          onChange={(value) => set({ sort_by_name: value === 'name' || undefined })}
          options={[
            { value: 'newest', label: t('users.filters.newest') },
            { value: 'name', label: t('users.filters.byName') },
          ]}
          style={wide(150)}
        />
      )}
      {filtered && showAll && (
        <Button
          type="link"
          onClick={() => {
            setText('');
            onChange({}, false);
          }}
        >
          {t('users.filters.reset')}
        </Button>
      )}
    </Flex>
  );
}
