import type { AttendanceGrid, GroupGrades, Lesson } from '@crm/contracts';
import { hasStarted } from '../attendance/attendance-model';

/**
 * Why a lesson's grades cannot be given, or null when they can (the server decides in the end; this keeps
 * people from clicking what it would refuse):
 * - readOnly: the caller may not grade this group (a student; staff when the settings allow only teachers);
 * - notHeld: cancelled or a holiday;
 * - notYours: a teacher, and another teacher gives this lesson;
 * - future: it has not begun;
 * - past: an earlier day, and the settings allow grading on the lesson's day only.
 */
export type GradeLock = 'readOnly' | 'notHeld' | 'notYours' | 'future' | 'past';

export function gradeLock(
  grid: Pick<AttendanceGrid, 'today' | 'now'>,
  grades: Pick<GroupGrades, 'policies'>,
  lesson: Lesson,
  teacherId: number | null,
): GradeLock | null {
  if (!grades.policies.grade) return 'readOnly';
  if (lesson.state !== 'held') return 'notHeld';
  if (teacherId !== null && lesson.teacher.id !== teacherId) return 'notYours';
  if (!hasStarted(lesson, grid.today, grid.now)) return 'future';
  if (lesson.date < grid.today && !grades.policies.past_dates) return 'past';
  return null;
}

/** Student id → lesson day → score, for the grid's cells. */
export function scoresByStudent(grades: GroupGrades | undefined): Map<number, Map<string, number>> {
  const byStudent = new Map<number, Map<string, number>>();
  for (const grade of grades?.grades ?? []) {
    const days = byStudent.get(grade.student_id) ?? new Map<string, number>();
    days.set(grade.date, grade.score);
    byStudent.set(grade.student_id, days);
  }
  return byStudent;
}

/** A scale this long is chosen from buttons; a longer one (a 100-point scale) is typed. */
export const BUTTON_SCALE_MAX = 10;
