import { ClockCircleOutlined } from '@ant-design/icons';
import type { NextLesson } from '@crm/contracts';
import { Flex, Progress, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateText } from '../groups/dates';

/** "Wednesday, 12.03.2025" in the interface's language (dayjs follows it; Uzbek and Russian write days small). */
export const dayText = (date: string) => {
  const weekday = dayjs(date).format('dddd');
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${dateText(date)}`;
};

/** How far the group is: lessons opened to its students of all its lessons. */
export function LessonProgress({ progress }: { progress: { opened: number; total: number } }) {
  const { t } = useTranslation();
  const label = t('courseLessons.progress.label', { opened: progress.opened, total: progress.total });
  const percent = progress.total === 0 ? 0 : Math.round((progress.opened / progress.total) * 100);
  return (
    <Flex vertical gap={0}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Progress percent={percent} aria-label={label} />
    </Flex>
  );
}

/** The group's next lesson: its day, time and room (or that none is ahead). */
export function NextLessonLine({ next }: { next: NextLesson | null }) {
  const { t } = useTranslation();
  if (!next) return <Typography.Text type="secondary">{t('courseLessons.next.none')}</Typography.Text>;
  const parts = [
    dayText(next.date),
    `${next.start_time}–${next.end_time}`,
    next.room_name ?? t('courseLessons.next.noRoom'),
  ];
  return (
    <Typography.Text>
      <ClockCircleOutlined /> <Typography.Text strong>{t('courseLessons.next.label')}</Typography.Text>{' '}
      {parts.join(' · ')}
    </Typography.Text>
  );
}
