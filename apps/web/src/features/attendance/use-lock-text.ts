import type { AttendanceGrid, Lesson } from '@crm/contracts';
import { useTranslation } from 'react-i18next';
import { lessonLock } from './attendance-model';
import { lessonDayText } from './lesson-text';

/**
 * Why a lesson cannot be marked, in words (null: it can be; a lesson not held says so
 * itself). `teacherId`: as for `lessonLock`.
 */
export function useLockText(grid: AttendanceGrid | undefined, teacherId: number | null) {
  const { t } = useTranslation();
  return (lesson: Lesson): string | null => {
    if (!grid) return null;
    const lock = lessonLock(grid, lesson, teacherId);
    if (lock === 'future')
      return t('attendance.lock.future', { day: lessonDayText(t, lesson), time: lesson.start_time });
    if (lock === 'notYours') return t('attendance.lock.notYours', { teacher: lesson.teacher.name });
    if (lock === 'readOnly' || lock === 'outsideLesson') return t(`attendance.lock.${lock}`);
    return null;
  };
}
