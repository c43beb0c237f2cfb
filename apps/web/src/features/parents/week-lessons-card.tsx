import { CalendarOutlined } from '@ant-design/icons';
import type { ChildLesson } from '@crm/contracts';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayText } from '../course-lessons/lesson-progress';
import { ChildLessonList } from './child-lessons';

/** The lessons by their day, in the order they come. */
function byDay(lessons: ChildLesson[]): [string, ChildLesson[]][] {
  const days = new Map<string, ChildLesson[]>();
  for (const lesson of lessons) days.set(lesson.date, [...(days.get(lesson.date) ?? []), lesson]);
  return [...days];
}

/**
 * Today's and the next six days' lessons of the child, a day at a time. Today comes first even without a
 * lesson, so a parent sees at a glance that the child has none today.
 */
export function WeekLessonsCard({ lessons, today }: { lessons: ChildLesson[]; today: string }) {
  const { t } = useTranslation();
  const days = byDay(lessons);
  if (days[0]?.[0] !== today) days.unshift([today, []]);
  return (
    <Card
      title={
        <span>
          <CalendarOutlined /> {t('parents.lessons.title')}
        </span>
      }
    >
      {lessons.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('parents.lessons.none')} />
      ) : (
        <Flex vertical gap={12}>
          {days.map(([date, ofDay]) => (
            <section key={date} aria-label={dayText(date)}>
              <Typography.Text strong>
                {date === today ? `${t('attendance.lesson.today')} · ${dayText(date)}` : dayText(date)}
              </Typography.Text>
              {/* Only today can have none: the other days are those the lessons fall on. */}
              {ofDay.length === 0 ? (
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t('parents.lessons.noneToday')}
                </Typography.Paragraph>
              ) : (
                <ChildLessonList lessons={ofDay} empty={t('parents.lessons.noneToday')} />
              )}
            </section>
          ))}
        </Flex>
      )}
    </Card>
  );
}
