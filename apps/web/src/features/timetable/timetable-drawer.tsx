import type { Schedule } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Flex, Segmented, Skeleton, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/api-client';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { DateBar } from './date-bar';
import {
  buildTimetable,
  groupBlocks,
  groupsOfTab,
  LAYOUTS,
  lessonBlocks,
  roomsOfDay,
  storedLayout,
  storeLayout,
  TIMETABLE_MODES,
  type TimetableLayout,
  type TimetableMode,
} from './timetable-model';
import { TimetableView } from './timetable-view';

/**
 * The same key the group pages refresh after a change of a group; a date adds to it,
 * so refreshing ['schedule'] redraws the dated view too.
 */
const useSchedule = (branchId: number | null, date: string | undefined) =>
  useQuery({
    queryKey: date ? ['schedule', branchId, date] : ['schedule', branchId],
    queryFn: () => apiRequest<Schedule>('/schedule', { query: { branch_id: branchId, date } }),
    enabled: branchId !== null,
    // Stepping through days keeps the last day on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

interface TimetableDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Staff may open a group from its block; a teacher sees his groups without links (spec §6). */
  linked: boolean;
}

/** Spec §2 timetable panel: a slide-out calendar of the branch's rooms against time, by day tabs or on a date. */
export default function TimetableDrawer({ open, onClose, linked }: TimetableDrawerProps) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [mode, setMode] = useState<TimetableMode>('mwf');
  const [date, setDate] = useState(() => companyToday());
  const [layout, setLayout] = useState<TimetableLayout>(storedLayout);
  const onDate = mode === 'date';
  const schedule = useSchedule(open ? branch : null, onDate ? date : undefined);
  // While a day loads, the weekly answer (no lessons) must not be drawn as the day.
  const data = onDate && schedule.data?.lessons === undefined ? undefined : schedule.data;

  const grid = useMemo(() => {
    if (!data) return undefined;
    const options = { step: data.step, dayStart: data.day_start, dayEnd: data.day_end, noRoom: t('timetable.noRoom') };
    if (mode === 'date') {
      const lessons = data.lessons ?? [];
      return buildTimetable(lessonBlocks(lessons), roomsOfDay(data.rooms, lessons), options);
    }
    return buildTimetable(groupBlocks(groupsOfTab(data.groups, mode)), data.rooms, options);
  }, [data, mode, t]);

  const changeLayout = (value: TimetableLayout) => {
    setLayout(value);
    storeLayout(value);
  };

  let body: ReactNode;
  if (schedule.isError && !isHandledGlobally(schedule.error)) {
    body = <Alert type="error" showIcon title={errorMessage(t, schedule.error)} />;
  } else if (!grid) {
    body = <Skeleton active />;
  } else if (grid.rows.length === 0 || grid.rows.every((row) => row.blocks.length === 0)) {
    body = <Empty description={t(onDate ? 'timetable.date.empty' : 'timetable.empty')} />;
  } else {
    body = (
      <TimetableView
        grid={grid}
        layout={layout}
        linked={linked}
        onOpenGroup={onClose}
        stale={schedule.isPlaceholderData}
      />
    );
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size="min(1200px, 100vw)"
      title={t('timetable.title')}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, padding: 12, minHeight: 0 } }}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as TimetableMode)}
          items={TIMETABLE_MODES.map((key) => ({ key, label: t(`timetable.tabs.${key}`) }))}
          // Narrower than its tabs (a phone), it folds the rest into its "more" menu instead of widening the panel.
          style={{ marginBottom: -16, minWidth: 0, maxWidth: '100%' }}
        />
        <Flex align="center" gap={8} wrap>
          {data && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('timetable.step', { step: data.step })}
            </Typography.Text>
          )}
          <Segmented<TimetableLayout>
            value={layout}
            onChange={changeLayout}
            options={LAYOUTS.map((value) => ({ value, label: t(`timetable.layout.${value}`) }))}
            size="small"
          />
        </Flex>
      </Flex>
      {onDate && <DateBar date={date} onChange={setDate} loading={schedule.isFetching} />}
      {body}
    </Drawer>
  );
}
