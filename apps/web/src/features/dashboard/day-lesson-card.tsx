import { CheckSquareOutlined, ClockCircleOutlined, EnvironmentOutlined, UserOutlined } from '@ant-design/icons';
import { courseColor, type DayLesson } from '@crm/contracts';
import { Badge, Button, Card, Flex, Progress, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasStarted, isGoingOn } from '../attendance/attendance-model';

interface DayLessonCardProps {
  lesson: DayLesson;
  today: string;
  now: string;
  /** Staff see whose lesson it is; a teacher sees only his own. */
  showTeacher: boolean;
}

/** One of today's lessons: when, which group, where, how many are marked, and the way to mark them. */
export function DayLessonCard({ lesson, today, now, showTeacher }: DayLessonCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const held = lesson.state === 'held';
  const goingOn = held && isGoingOn(lesson, today, now);
  const started = held && hasStarted(lesson, today, now);
  const ended = started && !goingOn;
  const percent = lesson.students ? Math.round((lesson.marked / lesson.students) * 100) : 0;
  const markedText = t('dashboard.marked', { marked: lesson.marked, total: lesson.students });
  const link = `/groups/${lesson.group.id}?tab=attendance&date=${lesson.date}`;

  return (
    <Card
      size="small"
      style={goingOn ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}` } : undefined}
      styles={{ body: { padding: 16 } }}
    >
      <Flex vertical gap={10}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 20, opacity: held ? 1 : 0.6 }}>
            <ClockCircleOutlined style={{ marginRight: 8 }} />
            {lesson.start_time}–{lesson.end_time}
          </Typography.Text>
          <Flex gap={4} wrap>
            {goingOn && <Tag color="green">{t('attendance.lesson.now')}</Tag>}
            {ended && lesson.marked < lesson.students && <Tag color="orange">{t('dashboard.notMarked')}</Tag>}
            {lesson.state === 'cancelled' && <Tag>{t('attendance.lesson.cancelled')}</Tag>}
            {lesson.state === 'holiday' && <Tag>{lesson.holiday ?? t('attendance.lesson.holiday')}</Tag>}
            {lesson.moved && <Tag color="orange">{t('attendance.lesson.timeChanged')}</Tag>}
          </Flex>
        </Flex>
        <Flex vertical gap={2}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {lesson.group.title}
          </Typography.Text>
          <Badge color={courseColor(lesson.group.course.id)} text={lesson.group.course.name} />
        </Flex>
        <Flex gap={16} wrap>
          <Typography.Text type="secondary">
            <EnvironmentOutlined /> {lesson.room?.name ?? t('groups.fields.noRoom')}
          </Typography.Text>
          {showTeacher && (
            <Typography.Text type="secondary">
              <UserOutlined /> {lesson.teacher.name}
            </Typography.Text>
          )}
        </Flex>
        {lesson.state === 'cancelled' && lesson.cancel_reason && (
          <Typography.Text type="secondary">{lesson.cancel_reason}</Typography.Text>
        )}
        {held && (
          <Flex vertical gap={2}>
            <Typography.Text>{markedText}</Typography.Text>
            <Progress
              percent={percent}
              showInfo={false}
              size="small"
              status={percent === 100 ? 'success' : 'normal'}
              aria-label={markedText}
            />
          </Flex>
        )}
        <Button
          block
          size="large"
          type={started ? 'primary' : 'default'}
          icon={started ? <CheckSquareOutlined /> : undefined}
          // The open button's name is its visible word (axe: a label must hold the text shown); the card names the group.
          aria-label={started ? t('dashboard.markLabel', { group: lesson.group.title }) : undefined}
          onClick={() => navigate(link)}
        >
          {t(started ? 'dashboard.mark' : 'dashboard.open')}
        </Button>
      </Flex>
    </Card>
  );
}
