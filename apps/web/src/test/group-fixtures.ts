import type { Group, GroupStudent } from '@crm/contracts';

/** A group as GET /group/{id} answers it (an odd-days English group); overrides replace fields. */
export const aGroup = (overrides: Partial<Group> = {}): Group => ({
  id: 7,
  code: 'ENG-7',
  name: null,
  title: 'ENG-7',
  branch_id: 2,
  course: { id: 3, name: 'English', price: 500_000, lesson_duration: 90, course_duration: 6 },
  teacher: { id: 4, name: 'Anvar Karimov' },
  room: { id: 5, name: 'Room 101', capacity: 12 },
  day_type: 'odd',
  days: [1, 3, 5],
  exact_days: null,
  start_time: '09:00',
  end_time: '10:30',
  start_date: '2025-09-01',
  end_date: '2026-02-28',
  status: 2,
  student_count: 3,
  capacity: { students: 3, capacity: 12, full: false },
  badges: { is_new: false, starts_in_days: null, days_left: null, expired: false },
  ...overrides,
});

/** A student's place in group 7 as GET /group/{id}/students answers it (active since 1 September 2025). */
export const aGroupStudent = (id: number, name: string, overrides: Partial<GroupStudent> = {}): GroupStudent => ({
  student: { id, name, phone: '901234567' },
  group_id: 7,
  created_date: '2025-09-01',
  student_status: 5,
  left_date: null,
  archive_reason: null,
  archive_comment: null,
  exception_sum: null,
  exception_sum_reason: null,
  exception_sum_start_date: null,
  exception_sum_end_date: null,
  ...overrides,
});
