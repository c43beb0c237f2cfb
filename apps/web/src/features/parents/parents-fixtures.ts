import type {
  ChildAttendance,
  ChildLesson,
  ChildOverview,
  ParentByPhone,
  ParentChild,
  StudentGrades,
  StudentParent,
  StudentParents,
} from '@crm/contracts';
import { aMyCourseGroup } from '../course-lessons/course-lessons-fixtures';

/** Issue 24's answers as the API gives them, each a realistic default that a test changes where it matters. */

export const TODAY = '2026-03-11';

export const aChild = (overrides: Partial<ParentChild> = {}): ParentChild => ({
  id: 21,
  name: 'Ali Valiyev',
  balance: 0,
  groups: [{ id: 7, title: 'ENG-7' }],
  ...overrides,
});

export const aChildLesson = (overrides: Partial<ChildLesson> = {}): ChildLesson => ({
  group_id: 7,
  group_title: 'ENG-7',
  date: TODAY,
  start_time: '09:00',
  end_time: '10:30',
  state: 'held',
  teacher_name: 'Kamola Ergasheva',
  room_name: 'Room 101',
  mark: null,
  ...overrides,
});

export const someGrades = (overrides: Partial<StudentGrades> = {}): StudentGrades => ({
  student_id: 21,
  max_score: 5,
  aggregate_by_month: true,
  calculate_average: true,
  groups: [{ id: 7, title: 'ENG-7' }],
  grades: [],
  months: [],
  ...overrides,
});

/** A child's page: no debt, a month of one group at 450 000, Payme and Click online. */
export const aChildOverview = (
  child: { id: number; name: string } = { id: 21, name: 'Ali Valiyev' },
  overrides: Partial<ChildOverview> = {},
): ChildOverview => ({
  child,
  today: TODAY,
  lessons: [aChildLesson()],
  courses: [aMyCourseGroup({ group_title: 'ENG-7' })],
  grades: someGrades({ student_id: child.id }),
  comments: [],
  money: {
    balance: 0,
    to_pay_now: 0,
    month_fee: 450_000,
    groups: [{ group_id: 7, name: 'ENG-7', month_price: 450_000 }],
    providers: ['payme', 'click'],
    receipts: [],
  },
  policies: { can_pay: true },
  ...overrides,
});

export const aChildAttendance = (overrides: Partial<ChildAttendance> = {}): ChildAttendance => ({
  month: TODAY.slice(0, 7),
  lessons: [
    aChildLesson({ date: '2026-03-02', mark: 1 }),
    aChildLesson({ date: '2026-03-04', mark: 0 }),
    aChildLesson({ date: '2026-03-09', state: 'holiday' }),
  ],
  present: 1,
  absent: 1,
  ...overrides,
});

export const aStudentParent = (overrides: Partial<StudentParent> = {}): StudentParent => ({
  id: 40,
  name: 'Gulnora Valiyeva',
  phone: '900000012',
  has_password: false,
  other_children: [{ id: 22, name: 'Aziz Valiyev' }],
  ...overrides,
});

export const someParents = (data: StudentParent[], canMessage = true): StudentParents => ({
  data,
  policies: { can_message: canMessage },
});

export const aParentByPhone = (overrides: Partial<NonNullable<ParentByPhone['parent']>> = {}): ParentByPhone => ({
  parent: {
    id: 40,
    name: 'Gulnora Valiyeva',
    children: [
      { id: 21, name: 'Ali Valiyev' },
      { id: 22, name: 'Aziz Valiyev' },
    ],
    ...overrides,
  },
});
