import { REMINDER_STATUS_FILTERS, type ReminderStatusFilter, TagType } from '@crm/contracts';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTags } from '../tags/tags-api';
import { OptionPicker } from './option-picker';

export interface TaskFilters {
  status: ReminderStatusFilter;
  search?: string;
  assigned_to?: number;
  tag_id?: number;
}

/** Spec §5: the status filter starts at active. */
export const DEFAULT_FILTERS: TaskFilters = { status: 'active' };

interface ReminderFiltersProps {
  value: TaskFilters;
  onChange: (next: TaskFilters) => void;
  branchId: number | undefined;
  /** Only who gives tasks to others filters by assignee (a teacher's are all his). */
  byAssignee: boolean;
}

export function ReminderFilters({ value, onChange, branchId, byAssignee }: ReminderFiltersProps) {
  const { t } = useTranslation();
  const tags = useTags();
  const taskTags = (tags.data?.data ?? []).filter((tag) => tag.type === TagType.task);
  const set = (patch: Partial<TaskFilters>) => onChange({ ...value, ...patch });
  const changed = JSON.stringify(value) !== JSON.stringify(DEFAULT_FILTERS);
  return (
    <Flex gap={8} wrap>
      <Select
        aria-label={t('reminders.filters.status')}
        value={value.status}
        onChange={(status) => set({ status })}
        options={REMINDER_STATUS_FILTERS.map((status) => ({
          value: status,
          label: t(`reminders.filters.statuses.${status}`),
        }))}
        style={{ width: 150 }}
      />
      <Input.Search
        aria-label={t('reminders.filters.search')}
        placeholder={t('reminders.filters.search')}
        allowClear
        defaultValue={value.search}
        key={value.search === undefined ? 'empty' : 'search'}
        onSearch={(search) => set({ search: search.trim() || undefined })}
        style={{ width: 220, maxWidth: '100%' }}
      />
      {byAssignee && (
        <div style={{ width: 200, maxWidth: '100%' }}>
          <OptionPicker
            kind="assignee"
            branchId={branchId}
            value={value.assigned_to}
            onChange={(assigned_to) => set({ assigned_to })}
            allowClear
            placeholder={t('reminders.filters.assignee')}
            aria-label={t('reminders.filters.assignee')}
          />
        </div>
      )}
      {taskTags.length > 0 && (
        <Select
          aria-label={t('reminders.filters.tag')}
          placeholder={t('reminders.filters.tag')}
          allowClear
          value={value.tag_id}
          onChange={(tag_id: number | undefined) => set({ tag_id })}
          options={taskTags.map((tag) => ({ value: tag.id, label: tag.name }))}
          style={{ width: 160 }}
        />
      )}
      {changed && <Button onClick={() => onChange(DEFAULT_FILTERS)}>{t('reminders.filters.reset')}</Button>}
    </Flex>
  );
}
