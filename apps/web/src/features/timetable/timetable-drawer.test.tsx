import type { Schedule, ScheduleLesson } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import TimetableDrawer from './timetable-drawer';

const today = todayIn().format('YYYY-MM-DD');
const lesson = (overrides: Partial<ScheduleLesson>): ScheduleLesson => ({
  date: today,
  scheduled_date: today,
  start_time: '09:00',
  end_time: '10:30',
  moved: false,
  state: 'held',
  teacher: { id: 1, name: 'Anvar Teacher' },
  room: { id: 10, name: 'Room A' },
  theme: null,
  cancel_reason: null,
  holiday: null,
  group: { id: 4, title: 'ENG-4', course: { id: 1, name: 'English' } },
  students: 8,
  marked: 0,
  substitute: false,
  ...overrides,
});

const schedule: Schedule = {
  groups: [],
  rooms: [
    { id: 10, name: 'Room A', capacity: 12 },
    { id: 11, name: 'Room B', capacity: 12 },
  ],
  step: 30,
  day_start: '09:00',
  day_end: '18:00',
};
const dayLessons = [
  lesson({}),
  lesson({
    group: { id: 5, title: 'MTH-5', course: { id: 2, name: 'Math' } },
    state: 'cancelled',
    cancel_reason: 'Teacher is ill',
    start_time: '11:00',
    end_time: '12:00',
  }),
  lesson({
    group: { id: 6, title: 'IT-6', course: { id: 3, name: 'IT' } },
    teacher: { id: 2, name: 'Sardor Substitute' },
    substitute: true,
    moved: true,
    scheduled_date: todayIn().subtract(1, 'day').format('YYYY-MM-DD'),
    start_time: '15:00',
    end_time: '16:00',
    room: { id: 11, name: 'Room B' },
  }),
];

const calls = stubApi(({ url }) => {
  const date = new URL(url, 'http://x').searchParams.get('date');
  return json(200, date ? { ...schedule, date, lessons: date === today ? dayLessons : [] } : schedule);
});

const openOnDate = async (linked: boolean) => {
  renderPage(<TimetableDrawer open onClose={() => {}} linked={linked} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Date' }));
  await screen.findByText('ENG-4');
};

describe('the timetable on a date', () => {
  it("asks for today's lessons and shows them as they take place", async () => {
    await openOnDate(true);
    expect(calls.at(-1)?.url).toBe(`/api/v1/schedule?branch_id=2&date=${today}`);
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Substitute: Sardor Substitute')).toBeTruthy();
    expect(screen.getByText('Moved')).toBeTruthy();
    // Staff open the group page from a block.
    expect(screen.getByRole('button', { name: /^ENG-4, English/ })).toBeTruthy();
  });

  it('steps to the next day and says when it has no lessons', async () => {
    await openOnDate(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No lessons on this day')).toBeTruthy();
    const tomorrow = todayIn().add(1, 'day').format('YYYY-MM-DD');
    await waitFor(() => expect(calls.at(-1)?.url).toContain(`date=${tomorrow}`));
  });

  it('gives a teacher no links (spec §6)', async () => {
    await openOnDate(false);
    expect(screen.queryByRole('button', { name: /^ENG-4/ })).toBeNull();
  });
});
