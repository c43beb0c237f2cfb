import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ChildLesson } from '@crm/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../shared/ui/plain-list';
import { lessonDayText } from '../attendance/lesson-text';

/** The attendance mark as a tag: a colour and an icon, never colour alone (as the group's grid shows it). */
function MarkTag({ mark }: { mark: ChildLesson['mark'] }) {
  const { t } = useTranslation();
  if (mark === null) return null;
  return mark === 1 ? (
    <Tag color="success" icon={<CheckOutlined />}>
      {t('attendance.mark.1')}
    </Tag>
  ) : (
    <Tag color="error" icon={<CloseOutlined />}>
      {t('attendance.mark.0')}
    </Tag>
  );
}

/** A lesson that will not take place says why (cancelled, or a holiday) where the mark would be. */
function StateTag({ state }: { state: ChildLesson['state'] }) {
  const { t } = useTranslation();
  if (state === 'held') return null;
  return <Tag color={state === 'holiday' ? 'orange' : 'default'}>{t(`attendance.lesson.${state}`)}</Tag>;
}

/** One lesson: its time (and day), the group, teacher and room, then its state or the child's mark. */
function LessonLine({ lesson, withDay }: { lesson: ChildLesson; withDay: boolean }) {
  const { t } = useTranslation();
  const off = lesson.state !== 'held';
  const when = `${withDay ? `${lessonDayText(t, lesson)}, ` : ''}${lesson.start_time}–${lesson.end_time}`;
  const who = [lesson.teacher_name, lesson.room_name].filter(Boolean).join(' · ');
  return (
    <Flex justify="space-between" align="start" gap={8}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text type={off ? 'secondary' : undefined} delete={lesson.state === 'cancelled'}>
          <Typography.Text strong type={off ? 'secondary' : undefined}>
            {when}
          </Typography.Text>{' '}
          {lesson.group_title}
        </Typography.Text>
        {who && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {who}
          </Typography.Text>
        )}
      </Flex>
      <span style={{ flexShrink: 0 }}>{off ? <StateTag state={lesson.state} /> : <MarkTag mark={lesson.mark} />}</span>
    </Flex>
  );
}

/** A child's lessons in time order; with `withDay` each says its day (a month's list), else only its time. */
export function ChildLessonList({
  lessons,
  withDay = false,
  empty,
}: {
  lessons: ChildLesson[];
  withDay?: boolean;
  /** Said where there is no lesson. */
  empty: string;
}) {
  return (
    <PlainList
      items={lessons}
      keyOf={(lesson) => `${lesson.group_id}:${lesson.date}:${lesson.start_time}`}
      render={(lesson) => <LessonLine lesson={lesson} withDay={withDay} />}
      empty={empty}
    />
  );
}
