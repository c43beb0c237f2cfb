import type {
  CourseLesson,
  CourseLessonSummary,
  GroupLesson,
  GroupLessonLine,
  GroupLessons,
  HomeworkAnswer,
  MyCourseGroup,
  Syllabus,
} from '@crm/contracts';

/**
 * Answers of the lesson API as the server gives them, for the web tests of this feature: each factory makes a
 * complete, valid answer and overrides replace its fields.
 */

export const aLessonSummary = (overrides: Partial<CourseLessonSummary> = {}): CourseLessonSummary => ({
  id: 1,
  number: 1,
  module: null,
  title: 'Greetings',
  has_video: false,
  has_homework: false,
  file_count: 0,
  group_id: null,
  ...overrides,
});

/** A course of English whose syllabus has these lessons (numbered in order). */
export const aSyllabus = (lessons: CourseLessonSummary[], overrides: Partial<Syllabus> = {}): Syllabus => ({
  course: { id: 3, name: 'English', lessons_per_module: null },
  lessons,
  policies: { add: true, reorder: true },
  ...overrides,
});

export const aCourseLesson = (overrides: Partial<CourseLesson> = {}): CourseLesson => ({
  ...aLessonSummary(),
  course_id: 3,
  body_html: '<p>Say <b>hello</b>.</p>',
  video: { kind: 'none' },
  files: [],
  homework: null,
  after_lesson_id: null,
  updated_at: '2025-03-01T10:00:00Z',
  policies: { edit: true, delete: true },
  ...overrides,
});

export const aGroupLessonLine = (overrides: Partial<GroupLessonLine> = {}): GroupLessonLine => ({
  id: 1,
  title: 'Greetings',
  module: null,
  own: false,
  has_video: false,
  has_homework: false,
  position: 1,
  date: '2025-03-03',
  start_time: '09:00',
  opened: true,
  homework_due: null,
  my_answer: null,
  answers: null,
  ...overrides,
});

/** GET /group/7/lessons of group ENG-7 (course 3), as its student reads it unless overridden. */
export const aGroupLessons = (lessons: GroupLessonLine[], overrides: Partial<GroupLessons> = {}): GroupLessons => ({
  group: { id: 7, title: 'ENG-7', course_id: 3, course_name: 'English' },
  open_all: false,
  next_lesson: { date: '2025-03-12', start_time: '09:00', end_time: '10:30', room_name: 'Room 101' },
  progress: { opened: lessons.filter((line) => line.opened).length, total: lessons.length },
  max_score: 5,
  lessons,
  policies: { add_lesson: false, change_opening: false, edit_syllabus: false, read_locked: false },
  ...overrides,
});

export const anAnswer = (overrides: Partial<HomeworkAnswer> = {}): HomeworkAnswer => ({
  student_id: 21,
  student_name: 'Aziz Karimov',
  text: 'My essay about my family.',
  file: null,
  submitted_at: '2025-03-05T14:05:00Z',
  late: false,
  score: null,
  comment: null,
  reviewed_at: null,
  reviewer_name: null,
  ...overrides,
});

/** GET /group/7/lesson/1: a lesson with homework, as its teacher reads it unless overridden. */
export const aGroupLesson = (overrides: Partial<GroupLesson> = {}): GroupLesson => ({
  ...aCourseLesson({
    has_homework: true,
    homework: { instructions: 'Write about your family.', due_days: 2, answer: 'any' },
  }),
  placement: { position: 1, date: '2025-03-03', start_time: '09:00', opened: true, homework_due: '2025-03-05' },
  max_score: 5,
  my_answer: null,
  answers: null,
  policies: { edit: false, delete: false, answer: false, review: true },
  ...overrides,
});

export const aMyCourseGroup = (overrides: Partial<MyCourseGroup> = {}): MyCourseGroup => ({
  group_id: 7,
  group_title: 'ENG-7',
  course_id: 3,
  course_name: 'English',
  progress: { opened: 4, total: 12 },
  next_lesson: { date: '2025-03-12', start_time: '09:00', end_time: '10:30', room_name: 'Room 101' },
  homework_due: [],
  ...overrides,
});
