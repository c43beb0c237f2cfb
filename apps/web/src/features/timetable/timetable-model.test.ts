import type { ScheduleGroup } from '@crm/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTimetable, groupsOfTab, storedLayout, storeLayout } from './timetable-model';

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

const rooms = [
  { id: 10, name: 'Room A' },
  { id: 11, name: 'Room B' },
];
const options = { step: 5, dayStart: '09:00', dayEnd: '18:00', noRoom: 'No room' };

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
    const grid = buildTimetable([group({ start_time: '10:15', end_time: '11:45' })], rooms, options);
    expect(grid).toMatchObject({ start: 540, end: 1080, step: 5 });
    expect(grid.rows.map((row) => row.name)).toEqual(['Room A', 'Room B']);
    expect(grid.rows[0]!.groups[0]).toMatchObject({ offset: 75, length: 90, lane: 0 });
    expect(grid.rows[1]!.groups).toEqual([]);
  });

  it('widens the day to whole hours around groups outside the working hours', () => {
    const grid = buildTimetable(
      [group({ start_time: '07:30', end_time: '08:30' }), group({ start_time: '19:00', end_time: '20:10' })],
      rooms,
      options,
    );
    expect(grid.start).toBe(7 * 60);
    expect(grid.end).toBe(21 * 60);
  });

  it('puts overlapping groups of one room side by side and touching ones in one lane', () => {
    const grid = buildTimetable(
      [
        group({ start_time: '09:00', end_time: '10:30' }),
        group({ start_time: '10:00', end_time: '11:00' }),
        group({ start_time: '10:30', end_time: '12:00' }),
      ],
      rooms,
      options,
    );
    expect(grid.rows[0]!.lanes).toBe(2);
    expect(grid.rows[0]!.groups.map((placed) => placed.lane)).toEqual([0, 1, 0]);
  });

  it('adds a row for groups without a room', () => {
    const grid = buildTimetable([group({ room_id: null })], rooms, options);
    expect(grid.rows.at(-1)).toMatchObject({ roomId: null, name: 'No room', lanes: 1 });
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
