import { DownloadOutlined } from '@ant-design/icons';
import { ATTENDANCE_MAX_DAYS } from '@crm/contracts';
import { App, Button, Flex, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { monthPeriod, PeriodPicker } from '../../shared/ui/period-picker';
import { useCourseOptions, useTeacherOptions } from '../groups/groups-api';
import { type ReportFilters, useReportGroupOptions } from './reports-api';

/** The filters a report page keeps; the branch comes from the header's switcher. */
export type PageFilters = Omit<ReportFilters, 'branch_id'>;

export { monthPeriod };

/** A page's filters and page number: any change of a filter starts again at page one (spec §5). */
export function useReportFilters<T extends PageFilters>(initial: T) {
  const [filters, setFilters] = useState<T>(initial);
  const [page, setPage] = useState(1);
  const setFilter = (patch: Partial<T>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return { filters, setFilter, page, setPage };
}

/** Period, group, teacher and course: the filters both attendance reports share; `extra` (a page's own) goes below. */
export function ReportFilterBar({
  branchId,
  filters,
  onChange,
  extra,
}: {
  branchId: number;
  filters: PageFilters;
  onChange: (patch: Partial<PageFilters>) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const groups = useReportGroupOptions(branchId);
  const teachers = useTeacherOptions(branchId);
  const courses = useCourseOptions();
  const select = (key: 'group_id' | 'teacher_id' | 'course_id', options: { value: number; label: string }[] = []) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t(`reports.filters.${key}`)}
      placeholder={t(`reports.filters.${key}`)}
      value={filters[key]}
      onChange={(value: number | undefined) => onChange({ [key]: value })}
      options={options}
      style={{ width: 190, maxWidth: '100%' }}
    />
  );
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center">
        <PeriodPicker value={filters} onChange={onChange} maxDays={ATTENDANCE_MAX_DAYS} />
        {select('group_id', groups.data)}
        {select('teacher_id', teachers.data)}
        {select('course_id', courses.data)}
      </Flex>
      {extra && (
        <Flex wrap gap={16} align="center">
          {extra}
        </Flex>
      )}
    </Flex>
  );
}

/** The page title with the Excel download beside it. */
export function ReportHeader({ title, onDownload }: { title: string; onDownload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
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
      <Button icon={<DownloadOutlined />} loading={busy} onClick={download}>
        {t('reports.export')}
      </Button>
    </Flex>
  );
}
