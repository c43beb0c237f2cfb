import type { AttendanceGrid, AttendanceStudent, Lesson } from '@crm/contracts';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { lessonDayText } from '../attendance/lesson-text';
import { type GradeLock, gradeLock, scoresByStudent } from './grade-model';
import { useGroupGrades, useSetGrade } from './grades-api';

/** What the attendance views need to show and give grades; null until the month's grades are read. */
export interface Grading {
  max: number;
  scoreOf: (studentId: number, date: string) => number | null;
  lockOf: (lesson: Lesson) => GradeLock | null;
  /** The lock in words, for a disabled picker's hint (null: none to tell). */
  lockText: (lesson: Lesson) => string | null;
  onGrade: (student: AttendanceStudent, lesson: Lesson, score: number | null) => void;
}

/**
 * The month's grades of a group beside its attendance grid. `teacherId`: the caller's id when he is only a
 * teacher (he grades the lessons he gives), else null.
 */
export function useGrading(
  groupId: number,
  grid: AttendanceGrid | undefined,
  from: string,
  till: string,
  teacherId: number | null,
): Grading | null {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const grades = useGroupGrades(groupId, from, till);
  const setGrade = useSetGrade(groupId, from, till);
  const scores = useMemo(() => scoresByStudent(grades.data), [grades.data]);
  const data = grades.data;
  if (!data || !grid) return null;
  const lockOf = (lesson: Lesson) => gradeLock(grid, data, lesson, teacherId);
  return {
    max: data.max_score,
    scoreOf: (studentId, date) => scores.get(studentId)?.get(date) ?? null,
    lockOf,
    lockText: (lesson) => {
      const lock = lockOf(lesson);
      if (lock === 'future') return t('grades.lock.future', { day: lessonDayText(t, lesson) });
      if (lock === 'past' || lock === 'notYours') return t(`grades.lock.${lock}`, { teacher: lesson.teacher.name });
      return null;
    },
    onGrade: (student, lesson, score) =>
      setGrade.mutate(
        { group_id: groupId, student_id: student.id, date: lesson.date, score },
        { onError: (error) => void message.error(errorMessage(t, error)) },
      ),
  };
}
