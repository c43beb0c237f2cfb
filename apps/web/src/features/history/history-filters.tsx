import { historyEventOptions, normalizeLanguage } from '@crm/contracts';
import { Button, DatePicker, Flex, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { type HistoryFilters, useActorOptions } from './history-api';

const ISO = 'YYYY-MM-DD';

/** What the log is narrowed to besides the bar's own filters: the student, group or lead it was opened for. */
export interface Concerned {
  key: 'student_id' | 'group_id' | 'lead_id';
  name: string;
}

interface HistoryFilterBarProps {
  filters: HistoryFilters;
  onChange: (patch: Partial<HistoryFilters>) => void;
  concerned: Concerned | null;
}

/** Event types, staff member, branch and days; the student, group or lead as a chip that can be let go. */
export function HistoryFilterBar({ filters, onChange, concerned }: HistoryFilterBarProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const actors = useActorOptions();
  const types = useMemo(() => historyEventOptions(normalizeLanguage(i18n.language)), [i18n.language]);
  const branches = (user?.branches ?? []).map((branch) => ({ value: branch.id, label: branch.name }));
  const anything = Object.values(filters).some((value) => value !== undefined && value !== '');
  const wide = { width: 220, maxWidth: '100%' };
  return (
    <Flex wrap gap={8} align="center">
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('history.filters.type')}
        placeholder={t('history.filters.type')}
        value={filters.type ?? []}
        onChange={(type: number[]) => onChange({ type: type.length ? type : undefined })}
        options={types}
        style={{ width: 280, maxWidth: '100%' }}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('history.filters.actor')}
        placeholder={t('history.filters.actor')}
        loading={actors.isPending}
        value={filters.actor_id}
        onChange={(actor_id: number | undefined) => onChange({ actor_id })}
        options={actors.data ?? []}
        style={wide}
      />
      {branches.length > 1 && (
        <Select
          allowClear
          aria-label={t('history.filters.branch')}
          placeholder={t('history.filters.branch')}
          value={filters.branch_id}
          onChange={(branch_id: number | undefined) => onChange({ branch_id })}
          options={branches}
          style={{ width: 180, maxWidth: '100%' }}
        />
      )}
      <DatePicker.RangePicker
        aria-label={t('history.filters.period')}
        placeholder={[t('history.filters.from'), t('history.filters.till')]}
        format="DD.MM.YYYY"
        value={filters.from && filters.till ? [dayjs(filters.from), dayjs(filters.till)] : null}
        onChange={(range) =>
          onChange({ from: range?.[0]?.format(ISO) ?? undefined, till: range?.[1]?.format(ISO) ?? undefined })
        }
        style={{ width: 250, maxWidth: '100%' }}
      />
      {concerned && (
        <Tag
          closable
          onClose={() => onChange({ [concerned.key]: undefined })}
          style={{ marginInlineEnd: 0, padding: '4px 8px' }}
        >
          {t(`history.concerned.${concerned.key}`, { name: concerned.name })}
        </Tag>
      )}
      {anything && (
        <Button
          type="link"
          onClick={() => onChange(Object.fromEntries(Object.keys(filters).map((k) => [k, undefined])))}
        >
          {t('history.filters.clear')}
        </Button>
      )}
    </Flex>
  );
}
