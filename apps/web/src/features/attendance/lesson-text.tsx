import type { Lesson } from '@crm/contracts';
import { isoWeekday } from '@crm/contracts';
import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dayMonth } from './attendance-model';

/** "Wed" of a day, in the words the group pages use. */
export const weekdayName = (t: TFunction, date: string): string => t(`groups.weekdays.${isoWeekday(date)}`);

/** "Wed 15.03". */
export const lessonDayText = (t: TFunction, lesson: Pick<Lesson, 'date'>): string =>
  `${weekdayName(t, lesson.date)} ${dayMonth(lesson.date)}`;

/** Everything known about a lesson, one line each: for a column's tooltip and the phone's lesson card. */
export function LessonFacts({ lesson, withDay = true }: { lesson: Lesson; withDay?: boolean }) {
  const { t } = useTranslation();
  const lines = [
    withDay ? `${lessonDayText(t, lesson)}, ${lesson.start_time}–${lesson.end_time}` : null,
    [lesson.room?.name, lesson.teacher.name].filter(Boolean).join(' · '),
    lesson.moved && lesson.scheduled_date !== lesson.date
      ? t('attendance.lesson.movedFrom', { date: dayMonth(lesson.scheduled_date) })
      : lesson.moved
        ? t('attendance.lesson.timeChanged')
        : null,
    lesson.state === 'cancelled'
      ? `${t('attendance.lesson.cancelled')}${lesson.cancel_reason ? `: ${lesson.cancel_reason}` : ''}`
      : null,
    lesson.state === 'holiday' ? `${t('attendance.lesson.holiday')}: ${lesson.holiday ?? ''}` : null,
    lesson.theme ? `${t('attendance.lesson.theme')}: ${lesson.theme}` : null,
  ].filter((line): line is string => Boolean(line));
  return (
    <Flex vertical gap={2}>
      {lines.map((line) => (
        <Typography.Text key={line} style={{ color: 'inherit' }}>
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}
