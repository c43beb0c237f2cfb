import { Role } from '@crm/contracts';
import { Alert, Button, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { useDayLessons } from '../attendance/attendance-api';
import { lessonDayText } from '../attendance/lesson-text';
import { DayLessonCard } from './day-lesson-card';

/**
 * The home page (spec §2 dashboard). Issue 4 gives it today's lessons: a teacher's own
 * (the quickest way from logging in to marking), or the current branch's for staff.
 * The other dashboard widgets come with a later issue.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { role, branch } = useSession();
  const isTeacher = role === Role.teacher;
  const day = useDayLessons({ branch_id: isTeacher ? null : branch });
  const data = day.data;

  const body = () => {
    if (day.isError) {
      if (isHandledGlobally(day.error)) return null;
      return (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, day.error)}
          action={<Button onClick={() => void day.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (!data.lessons.length) {
      return (
        <Empty
          description={t(isTeacher ? 'dashboard.noLessonsTeacher' : 'dashboard.noLessons')}
          style={{ padding: '32px 0' }}
        />
      );
    }
    return (
      <Row gutter={[16, 16]}>
        {data.lessons.map((lesson) => (
          <Col key={`${lesson.group.id}-${lesson.date}`} xs={24} md={12} xl={8}>
            <DayLessonCard lesson={lesson} today={data.today} now={data.now} showTeacher={!isTeacher} />
          </Col>
        ))}
      </Row>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="baseline" gap={12} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('dashboard.todayLessons')}
        </Typography.Title>
        {data && <Typography.Text type="secondary">{lessonDayText(t, { date: data.date })}</Typography.Text>}
      </Flex>
      {body()}
    </Flex>
  );
}
