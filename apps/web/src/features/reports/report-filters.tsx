import { DownloadOutlined } from '@ant-design/icons';
import { ATTENDANCE_MAX_DAYS } from '@crm/contracts';
import { App, Button, DatePicker, Flex, Segmented, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { type Dayjs, dayjs } from '../groups/dates';
import { useCourseOptions, useTeacherOptions } from '../groups/groups-api';
import { type ReportFilters, useReportGroupOptions } from './reports-api';

const ISO = 'YYYY-MM-DD';

/** The filters a report page keeps; the branch comes from the header's switcher. */
export type PageFilters = Omit<ReportFilters, 'branch_id'>;

/** The report opens on the current month. */
export const monthPeriod = (month: Dayjs = dayjs()) => ({
  from: month.startOf('month').format(ISO),
  till: month.endOf('month').format(ISO),
});

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const isWholeMonth = (from: string, till: string) => {
  const month = monthPeriod(dayjs(from));
  return month.from === from && month.till === till;
};

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

/** A month (the usual question), or any range of at most ATTENDANCE_MAX_DAYS days. */
function PeriodPicker({ from, till, onChange }: { from: string; till: string; onChange: (p: PageFilters) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'month' | 'range'>(isWholeMonth(from, till) ? 'month' : 'range');
  return (
    <Flex wrap gap={8}>
      <Segmented<'month' | 'range'>
        aria-label={t('reports.filters.period')}
        value={mode}
        onChange={(next) => {
          setMode(next);
          if (next === 'month') onChange(monthPeriod(dayjs(from)));
        }}
        options={[
          { value: 'month', label: t('reports.filters.month') },
          { value: 'range', label: t('reports.filters.range') },
        ]}
      />
      {mode === 'month' ? (
        <DatePicker
          picker="month"
          aria-label={t('reports.filters.month')}
          allowClear={false}
          value={dayjs(from)}
          // dayjs names some months in lower case ("ноябрь"): a picker's value reads better capitalised.
          format={(month) => capitalised(month.format('MMMM YYYY'))}
          onChange={(month) => month && onChange(monthPeriod(month))}
          style={{ width: 170 }}
        />
      ) : (
        <DatePicker.RangePicker
          aria-label={t('reports.filters.range')}
          allowClear={false}
          value={[dayjs(from), dayjs(till)]}
          format="DD.MM.YYYY"
          // The server answers at most ATTENDANCE_MAX_DAYS days: the calendar does not offer more.
          disabledDate={(day, info) =>
            info.from ? Math.abs(day.diff(info.from, 'day')) >= ATTENDANCE_MAX_DAYS : false
          }
          onChange={(range) =>
            range?.[0] && range[1] && onChange({ from: range[0].format(ISO), till: range[1].format(ISO) })
          }
          style={{ width: 250, maxWidth: '100%' }}
        />
      )}
    </Flex>
  );
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
        <PeriodPicker from={filters.from} till={filters.till} onChange={onChange} />
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
