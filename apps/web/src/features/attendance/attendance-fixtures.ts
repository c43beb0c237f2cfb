import type { AttendanceGrid, AttendanceStudent, Group, Lesson } from '@crm/contracts';
import { aGroup } from '../../test/group-fixtures';

/**
 * A March 2025 month of the group "ENG-7" (Tue/Thu/Sat, 09:00–10:30) as the API
 * would answer it, seen on Tuesday 11 March at 09:30 (the lesson of the 11th is going on).
 */
export const aLesson = (date: string, overrides: Partial<Lesson> = {}): Lesson => ({
  date,
  start_time: '09:00',
  end_time: '10:30',
  scheduled_date: date,
  moved: false,
  state: 'held',
  teacher: { id: 4, name: 'Anvar Karimov' },
  room: { id: 5, name: 'Room 101' },
  theme: null,
  cancel_reason: null,
  holiday: null,
  ...overrides,
});

const aStudent = (
  overrides: Partial<AttendanceStudent> & Pick<AttendanceStudent, 'id' | 'name'>,
): AttendanceStudent => ({
  status: 5,
  created_date: '2025-01-10',
  left_date: null,
  marks: {},
  ...overrides,
});

export function aGrid(overrides: Partial<AttendanceGrid> = {}): AttendanceGrid {
  return {
    group_id: 7,
    from: '2025-03-01',
    till: '2025-03-31',
    lessons: [
      // Saturday's lesson of the 1st moved to Monday the 3rd, in the afternoon.
      aLesson('2025-03-03', { scheduled_date: '2025-03-01', moved: true, start_time: '14:00', end_time: '15:30' }),
      aLesson('2025-03-04', { theme: 'Present Simple' }),
      aLesson('2025-03-06', { state: 'cancelled', cancel_reason: 'Teacher is ill' }),
      aLesson('2025-03-08', { state: 'holiday', holiday: "Women's Day" }),
      aLesson('2025-03-11'),
      aLesson('2025-03-13'),
    ],
    students: [
      aStudent({ id: 101, name: 'Ali Valiyev', marks: { '2025-03-03': 0, '2025-03-04': 1 } }),
      aStudent({ id: 102, name: 'Bobur Karimov', created_date: '2025-03-05' }),
      aStudent({ id: 103, name: 'Dilnoza Saidova', left_date: '2025-03-10', status: 6, marks: { '2025-03-04': 1 } }),
    ],
    today: '2025-03-11',
    now: '09:30',
    can_mark: true,
    only_during_lesson: false,
    can_change_lessons: true,
    ...overrides,
  };
}

export const aGroupOfGrid = (): Group =>
  aGroup({ day_type: 'even', days: [2, 4, 6], start_date: '2025-01-10', end_date: '2025-07-10' });
