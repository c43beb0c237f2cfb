import { DownloadOutlined } from '@ant-design/icons';
import { PERFORMANCE_MAX_DAYS } from '@crm/contracts';
import { App, Button, Flex, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { monthPeriod, type Period, PeriodPicker } from '../../shared/ui/period-picker';
import { useCourseOptions, useTeacherOptions } from '../groups/groups-api';
import type { PerformanceFilters } from './performance-api';

type PageFilters = Period & { teacher_id?: number; course_id?: number };

/** A page's filters: this month to begin with; the branch is the header's (the session's). */
export function usePerformanceFilters(branchId: number) {
  const [filters, setFilters] = useState<PageFilters>(() => monthPeriod());
  const setFilter = (patch: Partial<PageFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const query = useMemo<PerformanceFilters>(() => ({ ...filters, branch_id: branchId }), [filters, branchId]);
  return { filters, setFilter, query };
}

/** Period (a month, or any range up to a year), teacher and course (a course takes in its levels). */
export function PerformanceFilterBar({
  branchId,
  filters,
  onChange,
}: {
  branchId: number;
  filters: PageFilters;
  onChange: (patch: Partial<PageFilters>) => void;
}) {
  const { t } = useTranslation();
  const teachers = useTeacherOptions(branchId);
  const courses = useCourseOptions();
  const select = (key: 'teacher_id' | 'course_id', options: { value: number; label: string }[] = []) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t(`performance.filters.${key}`)}
      placeholder={t(`performance.filters.${key}`)}
      value={filters[key]}
      onChange={(value: number | undefined) => onChange({ [key]: value })}
      options={options}
      style={{ width: 200, maxWidth: '100%' }}
    />
  );
  return (
    <Flex wrap gap={8} align="center">
      <PeriodPicker value={filters} onChange={onChange} maxDays={PERFORMANCE_MAX_DAYS} />
      {select('teacher_id', teachers.data)}
      {select('course_id', courses.data)}
    </Flex>
  );
}

/** The page title, with the Excel download beside it when the page has a table to download. */
export function PerformanceHeader({ title, onDownload }: { title: string; onDownload?: () => Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!onDownload) return;
    setBusy(true);
    try {
      await onDownload();
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      {onDownload && (
        <Button icon={<DownloadOutlined />} loading={busy} onClick={download}>
          {t('performance.export')}
        </Button>
      )}
    </Flex>
  );
}
