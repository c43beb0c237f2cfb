import { type DayType, minutesOf, type ScheduleGroup } from '@crm/contracts';

/** Spec §2/§9 timetable tabs: Mon-Wed-Fri, Tue-Thu-Sat, and the other day types. */
export const TIMETABLE_TABS = ['mwf', 'tts', 'other'] as const;
export type TimetableTab = (typeof TIMETABLE_TABS)[number];

const TAB_DAY_TYPES: Record<TimetableTab, readonly DayType[]> = {
  mwf: ['odd', 'every_day'],
  tts: ['even', 'every_day'],
  other: ['weekend', 'other'],
};

/** The groups a tab shows: an every-day group meets on both halves of the week. */
export const groupsOfTab = (groups: readonly ScheduleGroup[], tab: TimetableTab): ScheduleGroup[] =>
  groups.filter((group) => TAB_DAY_TYPES[tab].includes(group.day_type));

export const LAYOUTS = ['horizontal', 'vertical'] as const;
export type TimetableLayout = (typeof LAYOUTS)[number];
const LAYOUT_KEY = 'timetable-layout';

/** Spec §2: the layout is remembered locally. */
export function storedLayout(): TimetableLayout {
  const value = localStorage.getItem(LAYOUT_KEY);
  return value === 'vertical' ? 'vertical' : 'horizontal';
}
export const storeLayout = (layout: TimetableLayout) => localStorage.setItem(LAYOUT_KEY, layout);

export interface PlacedGroup {
  group: ScheduleGroup;
  /** Minutes from the grid's start. */
  offset: number;
  length: number;
  /** Groups of one room that overlap (other days or dates) sit side by side in lanes. */
  lane: number;
}

export interface TimetableRow {
  /** A room, or null for the groups without one. */
  roomId: number | null;
  name: string;
  lanes: number;
  groups: PlacedGroup[];
}

export interface TimetableGrid {
  /** Minutes since midnight of the first and last grid line. */
  start: number;
  end: number;
  step: number;
  rows: TimetableRow[];
}

const floorTo = (value: number, step: number) => Math.floor(value / step) * step;
const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;

/**
 * Rooms against time (spec §2): every room of the branch is a row, even an empty one,
 * plus a row for groups without a room when there are such; the grid spans the working
 * day, widened to whole hours around any group outside it.
 */
export function buildTimetable(
  groups: readonly ScheduleGroup[],
  rooms: readonly { id: number; name: string }[],
  options: { step: number; dayStart: string; dayEnd: string; noRoom: string },
): TimetableGrid {
  const starts = groups.map((g) => minutesOf(g.start_time));
  const ends = groups.map((g) => minutesOf(g.end_time));
  const start = floorTo(Math.min(minutesOf(options.dayStart), ...starts), 60);
  const end = Math.max(start + 60, ceilTo(Math.max(minutesOf(options.dayEnd), ...ends), 60));

  const place = (list: ScheduleGroup[]): { lanes: number; groups: PlacedGroup[] } => {
    const laneEnds: number[] = [];
    const placed = [...list]
      .sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time) || a.id - b.id)
      .map((group) => {
        const from = minutesOf(group.start_time);
        let lane = laneEnds.findIndex((laneEnd) => laneEnd <= from);
        if (lane === -1) lane = laneEnds.push(0) - 1;
        laneEnds[lane] = minutesOf(group.end_time);
        return { group, offset: from - start, length: minutesOf(group.end_time) - from, lane };
      });
    return { lanes: Math.max(1, laneEnds.length), groups: placed };
  };

  const rows: TimetableRow[] = rooms.map((room) => ({
    roomId: room.id,
    name: room.name,
    ...place(groups.filter((g) => g.room_id === room.id)),
  }));
  const known = new Set(rooms.map((room) => room.id));
  const homeless = groups.filter((g) => g.room_id === null || !known.has(g.room_id));
  if (homeless.length) rows.push({ roomId: null, name: options.noRoom, ...place(homeless) });
  return { start, end, step: options.step, rows };
}
