import { Alert, Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useDayLessons } from '../attendance/attendance-api';
import { lessonDayText } from '../attendance/lesson-text';
import { DayLessonCard } from './day-lesson-card';

/**
 * Today's lessons (issue 4): a teacher's own (the quickest way from logging in to marking), or the current
 * branch's for staff.
 */
export function TodayLessons({ branchId, teacher }: { branchId: number | null; teacher: boolean }) {
  const { t } = useTranslation();
  const day = useDayLessons({ branch_id: teacher ? null : branchId });
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
          description={t(teacher ? 'dashboard.noLessonsTeacher' : 'dashboard.noLessons')}
          style={{ padding: '16px 0' }}
        />
      );
    }
    return (
      <Row gutter={[16, 16]}>
        {data.lessons.map((lesson) => (
          <Col key={`${lesson.group.id}-${lesson.date}`} xs={24} md={12} xl={8}>
            <DayLessonCard lesson={lesson} today={data.today} now={data.now} showTeacher={!teacher} />
          </Col>
        ))}
      </Row>
    );
  };

  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('dashboard.todayLessons')}
        </Typography.Title>
      }
      extra={data && <Typography.Text type="secondary">{lessonDayText(t, { date: data.date })}</Typography.Text>}
    >
      {body()}
    </Card>
  );
}
