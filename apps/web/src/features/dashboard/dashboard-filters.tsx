import type { Dashboard, DashboardQuery, DayType } from '@crm/contracts';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export type CardFilters = Pick<DashboardQuery, 'course_id' | 'teacher_id' | 'day_type'>;

/** Spec §2: past ten groups in the branch, filters by course, teacher and group type narrow every card. */
export function DashboardFilters({
  options,
  value,
  onChange,
}: {
  options: NonNullable<Dashboard['filter_options']>;
  value: CardFilters;
  onChange: (next: CardFilters) => void;
}) {
  const { t } = useTranslation();
  const toOptions = (rows: { id: number; name: string }[]) => rows.map((row) => ({ value: row.id, label: row.name }));
  const any = value.course_id || value.teacher_id || value.day_type;
  return (
    <Flex wrap gap={8} role="search" aria-label={t('dashboard.filters.title')}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180 }}
        aria-label={t('dashboard.filters.course')}
        placeholder={t('dashboard.filters.course')}
        options={toOptions(options.courses)}
        value={value.course_id}
        onChange={(course_id?: number) => onChange({ ...value, course_id })}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180 }}
        aria-label={t('dashboard.filters.teacher')}
        placeholder={t('dashboard.filters.teacher')}
        options={toOptions(options.teachers)}
        value={value.teacher_id}
        onChange={(teacher_id?: number) => onChange({ ...value, teacher_id })}
      />
      <Select
        allowClear
        style={{ minWidth: 160 }}
        aria-label={t('dashboard.filters.dayType')}
        placeholder={t('dashboard.filters.dayType')}
        options={options.day_types.map((day) => ({ value: day, label: t(`groups.dayType.${day}`) }))}
        value={value.day_type}
        onChange={(day_type?: DayType) => onChange({ ...value, day_type })}
      />
      {any && <Button onClick={() => onChange({})}>{t('dashboard.filters.clear')}</Button>}
    </Flex>
  );
}
