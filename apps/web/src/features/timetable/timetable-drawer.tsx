import { courseColor, type Schedule, timeOf } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Flex, Grid, Segmented, Skeleton, Tabs, Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../shared/api/api-client';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import {
  buildTimetable,
  groupsOfTab,
  LAYOUTS,
  type PlacedGroup,
  storedLayout,
  storeLayout,
  TIMETABLE_TABS,
  type TimetableGrid,
  type TimetableLayout,
  type TimetableTab,
} from './timetable-model';

/** The same key the group pages refresh after a change of a group. */
const useSchedule = (branchId: number | null) =>
  useQuery({
    queryKey: ['schedule', branchId],
    queryFn: () => apiRequest<Schedule>('/schedule', { query: { branch_id: branchId } }),
    enabled: branchId !== null,
  });

/** Pixels a minute takes along the time axis, and the size of a room's lane across it. */
const SCALE = {
  horizontal: { minute: 2.4, lane: 58, header: 120 },
  vertical: { minute: 1.4, lane: 132, header: 52 },
} as const;

interface TimetableDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Staff may open a group from its block; a teacher sees his groups without links (spec §6). */
  linked: boolean;
}

/** Spec §2 timetable panel: a slide-out calendar of the branch's rooms against time. */
export default function TimetableDrawer({ open, onClose, linked }: TimetableDrawerProps) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [tab, setTab] = useState<TimetableTab>('mwf');
  const [layout, setLayout] = useState<TimetableLayout>(storedLayout);
  const schedule = useSchedule(open ? branch : null);

  const grid = useMemo(
    () =>
      schedule.data &&
      buildTimetable(groupsOfTab(schedule.data.groups, tab), schedule.data.rooms, {
        step: schedule.data.step,
        dayStart: schedule.data.day_start,
        dayEnd: schedule.data.day_end,
        noRoom: t('timetable.noRoom'),
      }),
    [schedule.data, tab, t],
  );

  const changeLayout = (value: TimetableLayout) => {
    setLayout(value);
    storeLayout(value);
  };

  let body: ReactNode;
  if (schedule.isError && !isHandledGlobally(schedule.error)) {
    body = <Alert type="error" showIcon title={errorMessage(t, schedule.error)} />;
  } else if (!grid) {
    body = <Skeleton active />;
  } else if (grid.rows.length === 0 || grid.rows.every((row) => row.groups.length === 0)) {
    body = <Empty description={t('timetable.empty')} />;
  } else {
    body = <TimetableView grid={grid} layout={layout} linked={linked} onOpenGroup={onClose} />;
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
          activeKey={tab}
          onChange={(key) => setTab(key as TimetableTab)}
          items={TIMETABLE_TABS.map((key) => ({ key, label: t(`timetable.tabs.${key}`) }))}
          style={{ marginBottom: -16 }}
        />
        <Flex align="center" gap={8} wrap>
          {schedule.data && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('timetable.step', { step: schedule.data.step })}
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
      {body}
    </Drawer>
  );
}

function TimetableView({
  grid,
  layout,
  linked,
  onOpenGroup,
}: {
  grid: TimetableGrid;
  layout: TimetableLayout;
  linked: boolean;
  onOpenGroup: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const narrow = !Grid.useBreakpoint().md;
  // On a phone the room names take less of the width (spec: usable at 390 px, scrolling inside).
  const scale = { ...SCALE[layout], header: narrow && layout === 'horizontal' ? 84 : SCALE[layout].header };
  const horizontal = layout === 'horizontal';
  const span = (grid.end - grid.start) * scale.minute;
  const lines = [];
  for (let m = grid.start; m <= grid.end; m += grid.step) lines.push(m);

  // Along time: position and size; across: the room's lanes.
  const along = (offset: number, length: number): CSSProperties =>
    horizontal
      ? { left: offset * scale.minute, width: length * scale.minute }
      : { top: offset * scale.minute, height: length * scale.minute };
  const across = (lane: number, lanes: number): CSSProperties =>
    horizontal
      ? { top: `calc(${(lane / lanes) * 100}% + 2px)`, height: `calc(${100 / lanes}% - 4px)` }
      : { left: `calc(${(lane / lanes) * 100}% + 2px)`, width: `calc(${100 / lanes}% - 4px)` };

  const ruler = (
    <div
      style={{
        position: 'relative',
        flex: 'none',
        ...(horizontal ? { width: span, height: 28 } : { height: span, width: scale.header }),
      }}
    >
      {lines
        .filter((m) => m % 60 === 0)
        .map((m) => (
          <span
            key={m}
            style={{
              position: 'absolute',
              fontSize: 12,
              color: token.colorTextSecondary,
              ...(horizontal
                ? { left: (m - grid.start) * scale.minute + 4, top: 6 }
                : { top: (m - grid.start) * scale.minute + 2, left: 8 }),
            }}
          >
            {timeOf(m)}
          </span>
        ))}
    </div>
  );

  const gridLines = lines.map((m) => (
    <div
      key={m}
      style={{
        position: 'absolute',
        background: m % 60 === 0 ? token.colorBorder : token.colorBorderSecondary,
        opacity: m % 60 === 0 ? 1 : 0.6,
        ...(horizontal
          ? { left: (m - grid.start) * scale.minute, top: 0, bottom: 0, width: 1 }
          : { top: (m - grid.start) * scale.minute, left: 0, right: 0, height: 1 }),
      }}
    />
  ));

  const block = (placed: PlacedGroup, lanes: number) => {
    const { group } = placed;
    const color = courseColor(group.course.id);
    const style: CSSProperties = {
      position: 'absolute',
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'stretch',
      justifyContent: 'flex-start',
      ...along(placed.offset, placed.length),
      ...across(placed.lane, lanes),
      background: `${color}26`,
      borderInlineStart: `4px solid ${color}`,
      borderRadius: 4,
      padding: '2px 6px',
      overflow: 'hidden',
      fontSize: 12,
      lineHeight: 1.3,
      textAlign: 'start',
      color: token.colorText,
      cursor: linked ? 'pointer' : 'default',
      border: 'none',
    };
    const content = (
      <>
        <strong style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {group.title}
        </strong>
        <span style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {group.teacher.name}
        </span>
        <span style={{ color: token.colorTextSecondary }}>
          {group.start_time}–{group.end_time} · {t('timetable.students', { count: group.student_count })}
        </span>
      </>
    );
    const label = `${group.title}, ${group.course.name}, ${group.teacher.name}, ${group.start_time}–${group.end_time}`;
    return linked ? (
      <button
        key={group.id}
        type="button"
        style={style}
        title={label}
        aria-label={label}
        onClick={() => {
          onOpenGroup();
          navigate(`/groups/${group.id}`);
        }}
      >
        {content}
      </button>
    ) : (
      <div key={group.id} style={style} title={label}>
        {content}
      </div>
    );
  };

  const rows = grid.rows.map((row) => {
    const size = row.lanes * scale.lane;
    const header = (
      <div
        style={{
          flex: 'none',
          boxSizing: 'border-box',
          padding: 6,
          fontWeight: 600,
          fontSize: 13,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: horizontal ? 'normal' : 'nowrap',
          position: 'sticky',
          zIndex: 1,
          background: token.colorBgElevated,
          ...(horizontal
            ? { width: scale.header, left: 0, borderInlineEnd: `1px solid ${token.colorBorder}` }
            : { height: scale.header, top: 0, borderBottom: `1px solid ${token.colorBorder}` }),
        }}
      >
        {row.name}
      </div>
    );
    return (
      <div
        key={row.roomId ?? 'none'}
        style={{
          display: 'flex',
          flexDirection: horizontal ? 'row' : 'column',
          flex: 'none',
          ...(horizontal
            ? { height: size, borderBottom: `1px solid ${token.colorBorderSecondary}` }
            : { width: size, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }),
        }}
      >
        {header}
        <div style={{ position: 'relative', flex: 'none', ...(horizontal ? { width: span } : { height: span }) }}>
          {gridLines}
          {row.groups.map((placed) => block(placed, row.lanes))}
        </div>
      </div>
    );
  });

  return (
    <div
      style={{
        overflow: 'auto',
        flex: 1,
        minHeight: 0,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 6,
      }}
      data-testid="timetable-grid"
    >
      {horizontal ? (
        <div style={{ display: 'inline-flex', flexDirection: 'column', minWidth: '100%' }}>
          <div
            style={{
              display: 'flex',
              position: 'sticky',
              top: 0,
              zIndex: 2,
              background: token.colorBgElevated,
              borderBottom: `1px solid ${token.colorBorder}`,
            }}
          >
            <div
              style={{
                width: scale.header,
                flex: 'none',
                position: 'sticky',
                left: 0,
                background: token.colorBgElevated,
              }}
            />
            {ruler}
          </div>
          {rows}
        </div>
      ) : (
        <div style={{ display: 'inline-flex', flexDirection: 'row', minHeight: '100%' }}>
          <div
            style={{
              display: 'flex',
              flexDirection: 'column',
              position: 'sticky',
              left: 0,
              zIndex: 2,
              background: token.colorBgElevated,
              borderInlineEnd: `1px solid ${token.colorBorder}`,
            }}
          >
            <div style={{ height: scale.header, flex: 'none' }} />
            {ruler}
          </div>
          {rows}
        </div>
      )}
    </div>
  );
}
