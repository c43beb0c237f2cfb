import { type DayType, minutesOf, type ScheduleGroup, type ScheduleLesson } from '@crm/contracts';

/** Spec §2/§9 timetable tabs: Mon-Wed-Fri, Tue-Thu-Sat, and the other day types. */
export const TIMETABLE_TABS = ['mwf', 'tts', 'other'] as const;
export type TimetableTab = (typeof TIMETABLE_TABS)[number];

/** The weekly tabs, or one date's lessons as they really take place. */
export type TimetableMode = TimetableTab | 'date';
export const TIMETABLE_MODES: readonly TimetableMode[] = [...TIMETABLE_TABS, 'date'];

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

/** What sits on the grid: a group's weekly slot, or one dated lesson. */
export type TimetableBlock =
  | { kind: 'group'; key: string; start_time: string; end_time: string; room_id: number | null; group: ScheduleGroup }
  | {
      kind: 'lesson';
      key: string;
      start_time: string;
      end_time: string;
      room_id: number | null;
      lesson: ScheduleLesson;
    };

export const groupBlocks = (groups: readonly ScheduleGroup[]): TimetableBlock[] =>
  groups.map((group) => ({
    kind: 'group',
    key: `group-${group.id}`,
    start_time: group.start_time,
    end_time: group.end_time,
    room_id: group.room_id,
    group,
  }));

/** A day's lessons at their actual time and room (a moved lesson where it moved to). */
export const lessonBlocks = (lessons: readonly ScheduleLesson[]): TimetableBlock[] =>
  lessons.map((lesson) => ({
    kind: 'lesson',
    key: `lesson-${lesson.group.id}-${lesson.scheduled_date}`,
    start_time: lesson.start_time,
    end_time: lesson.end_time,
    room_id: lesson.room?.id ?? null,
    lesson,
  }));

interface Room {
  id: number;
  name: string;
}

/** The branch's rooms, plus any room a lesson was moved into that is not one of them (another branch's). */
export function roomsOfDay(rooms: readonly Room[], lessons: readonly ScheduleLesson[]): Room[] {
  const all = [...rooms];
  for (const lesson of lessons) {
    const room = lesson.room;
    if (room && !all.some((known) => known.id === room.id)) all.push({ id: room.id, name: room.name });
  }
  return all;
}

export interface PlacedBlock {
  block: TimetableBlock;
  /** Minutes from the grid's start. */
  offset: number;
  length: number;
  /** Blocks of one room that overlap (other days or dates) sit side by side in lanes. */
  lane: number;
}

export interface TimetableRow {
  /** A room, or null for the blocks without one. */
  roomId: number | null;
  name: string;
  lanes: number;
  blocks: PlacedBlock[];
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
 * plus a row for blocks without a room when there are such; the grid spans the working
 * day, widened to whole hours around any block outside it.
 */
export function buildTimetable(
  blocks: readonly TimetableBlock[],
  rooms: readonly Room[],
  options: { step: number; dayStart: string; dayEnd: string; noRoom: string },
): TimetableGrid {
  const starts = blocks.map((b) => minutesOf(b.start_time));
  const ends = blocks.map((b) => minutesOf(b.end_time));
  const start = floorTo(Math.min(minutesOf(options.dayStart), ...starts), 60);
  const end = Math.max(start + 60, ceilTo(Math.max(minutesOf(options.dayEnd), ...ends), 60));

  const place = (list: TimetableBlock[]): { lanes: number; blocks: PlacedBlock[] } => {
    const laneEnds: number[] = [];
    const placed = [...list]
      .sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time) || a.key.localeCompare(b.key))
      .map((block) => {
        const from = minutesOf(block.start_time);
        let lane = laneEnds.findIndex((laneEnd) => laneEnd <= from);
        if (lane === -1) lane = laneEnds.push(0) - 1;
        laneEnds[lane] = minutesOf(block.end_time);
        return { block, offset: from - start, length: minutesOf(block.end_time) - from, lane };
      });
    return { lanes: Math.max(1, laneEnds.length), blocks: placed };
  };

  const rows: TimetableRow[] = rooms.map((room) => ({
    roomId: room.id,
    name: room.name,
    ...place(blocks.filter((b) => b.room_id === room.id)),
  }));
  const known = new Set(rooms.map((room) => room.id));
  const homeless = blocks.filter((b) => b.room_id === null || !known.has(b.room_id));
  if (homeless.length) rows.push({ roomId: null, name: options.noRoom, ...place(homeless) });
  return { start, end, step: options.step, rows };
}

/** `YYYY-MM-DD` a number of days from another (prev / next day buttons). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
