import type { ScheduleGroup, ScheduleLesson } from '@crm/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTimetable,
  groupBlocks,
  groupsOfTab,
  lessonBlocks,
  roomsOfDay,
  shiftDate,
  storedLayout,
  storeLayout,
} from './timetable-model';

let nextId = 1;
const group = (overrides: Partial<ScheduleGroup>): ScheduleGroup => ({
  id: nextId++,
  title: 'G',
  course: { id: 1, name: 'English' },
  teacher: { id: 1, name: 'T' },
  room_id: 10,
  day_type: 'odd',
  days: [1, 3, 5],
  start_time: '09:00',
  end_time: '10:30',
  start_date: '2025-01-01',
  end_date: null,
  status: 2,
  student_count: 0,
  ...overrides,
});

const lesson = (overrides: Partial<ScheduleLesson>): ScheduleLesson => ({
  date: '2026-11-18',
  scheduled_date: '2026-11-18',
  start_time: '09:00',
  end_time: '10:30',
  moved: false,
  state: 'held',
  teacher: { id: 1, name: 'T' },
  room: { id: 10, name: 'Room A' },
  theme: null,
  cancel_reason: null,
  holiday: null,
  group: { id: nextId++, title: 'G', course: { id: 1, name: 'English' } },
  students: 0,
  marked: 0,
  substitute: false,
  ...overrides,
});

const rooms = [
  { id: 10, name: 'Room A' },
  { id: 11, name: 'Room B' },
];
const options = { step: 5, dayStart: '09:00', dayEnd: '18:00', noRoom: 'No room' };
const build = (groups: ScheduleGroup[]) => buildTimetable(groupBlocks(groups), rooms, options);

describe('timetable tabs', () => {
  it('shows odd days under mwf, even under tts, every day under both, the rest under other', () => {
    const odd = group({ day_type: 'odd' });
    const even = group({ day_type: 'even' });
    const daily = group({ day_type: 'every_day' });
    const weekend = group({ day_type: 'weekend' });
    const other = group({ day_type: 'other', days: [2, 5] });
    const all = [odd, even, daily, weekend, other];
    expect(groupsOfTab(all, 'mwf')).toEqual([odd, daily]);
    expect(groupsOfTab(all, 'tts')).toEqual([even, daily]);
    expect(groupsOfTab(all, 'other')).toEqual([weekend, other]);
  });
});

describe('buildTimetable', () => {
  it('keeps every room as a row and places groups by minutes from the grid start', () => {
    const grid = build([group({ start_time: '10:15', end_time: '11:45' })]);
    expect(grid).toMatchObject({ start: 540, end: 1080, step: 5 });
    expect(grid.rows.map((row) => row.name)).toEqual(['Room A', 'Room B']);
    expect(grid.rows[0]!.blocks[0]).toMatchObject({ offset: 75, length: 90, lane: 0 });
    expect(grid.rows[1]!.blocks).toEqual([]);
  });

  it('widens the day to whole hours around groups outside the working hours', () => {
    const grid = build([
      group({ start_time: '07:30', end_time: '08:30' }),
      group({ start_time: '19:00', end_time: '20:10' }),
    ]);
    expect(grid.start).toBe(7 * 60);
    expect(grid.end).toBe(21 * 60);
  });

  it('puts overlapping groups of one room side by side and touching ones in one lane', () => {
    const grid = build([
      group({ start_time: '09:00', end_time: '10:30' }),
      group({ start_time: '10:00', end_time: '11:00' }),
      group({ start_time: '10:30', end_time: '12:00' }),
    ]);
    expect(grid.rows[0]!.lanes).toBe(2);
    expect(grid.rows[0]!.blocks.map((placed) => placed.lane)).toEqual([0, 1, 0]);
  });

  it('adds a row for groups without a room', () => {
    const grid = build([group({ room_id: null })]);
    expect(grid.rows.at(-1)).toMatchObject({ roomId: null, name: 'No room', lanes: 1 });
  });
});

describe('the timetable on a date', () => {
  it('places each lesson at its actual time and room: a moved one where it moved to', () => {
    const regular = lesson({ start_time: '09:00', end_time: '10:30' });
    const moved = lesson({
      scheduled_date: '2026-11-16',
      start_time: '16:00',
      end_time: '17:00',
      moved: true,
      room: { id: 11, name: 'Room B' },
    });
    const grid = buildTimetable(lessonBlocks([regular, moved]), rooms, options);
    expect(grid.rows[0]!.blocks.map((p) => p.block)).toEqual([
      expect.objectContaining({ kind: 'lesson', lesson: regular }),
    ]);
    expect(grid.rows[1]!.blocks[0]).toMatchObject({ offset: 7 * 60, length: 60, block: { lesson: moved } });
  });

  it('keeps a cancelled lesson on the grid and tells apart two lessons of one group', () => {
    const cancelled = lesson({ state: 'cancelled', cancel_reason: 'Ill' });
    const sameGroupMovedIn = lesson({
      group: cancelled.group,
      scheduled_date: '2026-11-16',
      start_time: '12:00',
      end_time: '13:00',
      moved: true,
    });
    const blocks = lessonBlocks([cancelled, sameGroupMovedIn]);
    expect(new Set(blocks.map((b) => b.key)).size).toBe(2);
    expect(buildTimetable(blocks, rooms, options).rows[0]!.blocks).toHaveLength(2);
  });

  it('adds a row for a room of another branch a lesson was moved into', () => {
    const elsewhere = lesson({ room: { id: 40, name: 'North hall' } });
    const grid = buildTimetable(lessonBlocks([elsewhere]), roomsOfDay(rooms, [elsewhere]), options);
    expect(grid.rows.map((row) => row.name)).toEqual(['Room A', 'Room B', 'North hall']);
    expect(grid.rows[2]!.blocks).toHaveLength(1);
    expect(roomsOfDay(rooms, [lesson({ room: null })])).toEqual(rooms);
  });

  it('steps from day to day across months and years', () => {
    expect(shiftDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDate('2027-01-01', -1)).toBe('2026-12-31');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('the layout', () => {
  afterEach(() => localStorage.clear());
  it('is horizontal until the user picks another, then remembered', () => {
    expect(storedLayout()).toBe('horizontal');
    storeLayout('vertical');
    expect(storedLayout()).toBe('vertical');
  });
});
