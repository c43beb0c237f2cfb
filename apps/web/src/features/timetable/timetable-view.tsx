import { timeOf } from '@crm/contracts';
import { Grid, theme } from 'antd';
import type { CSSProperties } from 'react';
import { TimetableBlockView } from './timetable-block';
import type { TimetableGrid, TimetableLayout } from './timetable-model';

/** Pixels a minute takes along the time axis, and the size of a room's lane across it. */
const SCALE = {
  horizontal: { minute: 2.4, lane: 58, header: 120 },
  vertical: { minute: 1.4, lane: 132, header: 52 },
} as const;

/** Rooms against time: a ruler of hours, a row (or column) per room, the blocks placed in their lanes. */
export function TimetableView({
  grid,
  layout,
  linked,
  onOpenGroup,
  stale = false,
}: {
  grid: TimetableGrid;
  layout: TimetableLayout;
  linked: boolean;
  onOpenGroup: () => void;
  /** The previous day shown while the asked one loads. */
  stale?: boolean;
}) {
  const { token } = theme.useToken();
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
          {row.blocks.map((placed) => (
            <TimetableBlockView
              key={placed.block.key}
              block={placed.block}
              style={{ ...along(placed.offset, placed.length), ...across(placed.lane, row.lanes) }}
              linked={linked}
              onOpenGroup={onOpenGroup}
            />
          ))}
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
        opacity: stale ? 0.5 : 1,
        transition: 'opacity 0.2s',
      }}
      aria-busy={stale}
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
