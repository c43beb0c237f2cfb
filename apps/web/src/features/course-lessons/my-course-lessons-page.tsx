import { FormOutlined, ReadOutlined } from '@ant-design/icons';
import type { MyCourseGroup } from '@crm/contracts';
import { Alert, Card, Col, Empty, Flex, List, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { MyGroupExams } from '../exams/my-group-exams';
import { dateText } from '../groups/dates';
import { useMyCourseLessons } from './course-lessons-api';
import { groupLessonPath, groupLessonsPath } from './lesson-paths';
import { LessonProgress, NextLessonLine } from './lesson-progress';

/** One of the student's groups: how far it is, its next lesson, and the homework he still owes. */
function MyGroupCard({ group }: { group: MyCourseGroup }) {
  const { t } = useTranslation();
  return (
    <Card
      title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{group.course_name}</span>}
      extra={<Typography.Text type="secondary">{group.group_title}</Typography.Text>}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        <LessonProgress progress={group.progress} />
        <NextLessonLine next={group.next_lesson} />
        <div>
          <Typography.Text strong>
            <FormOutlined /> {t('courseLessons.mine.homeworkDue')}
          </Typography.Text>
          {group.homework_due.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('courseLessons.mine.noHomeworkDue')}
            </Typography.Paragraph>
          ) : (
            <List
              size="small"
              split={false}
              dataSource={group.homework_due}
              rowKey="lesson_id"
              renderItem={(item) => (
                <List.Item style={{ paddingInline: 0 }}>
                  <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                    <Link
                      to={groupLessonPath(group.group_id, group.course_id, item.lesson_id)}
                      style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                    >
                      {item.title}
                    </Link>
                    <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                      {t('courseLessons.homework.due', { date: dateText(item.due) })}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </div>
        <MyGroupExams groupId={group.group_id} />
        <ButtonLink to={groupLessonsPath(group.course_id, group.group_id)} type="primary" icon={<ReadOutlined />}>
          {t('courseLessons.mine.open')}
        </ButtonLink>
      </Flex>
    </Card>
  );
}

/** Spec §2 courses/lessons, the student's "Course lessons": a card for each of his groups. */
export function MyCourseLessonsPage() {
  const { t } = useTranslation();
  const mine = useMyCourseLessons();
  const title = (
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      {t('nav.course-lessons')}
    </Typography.Title>
  );
  if (mine.isError) {
    return isHandledGlobally(mine.error) ? null : <Alert type="error" showIcon title={errorMessage(t, mine.error)} />;
  }
  return (
    <Flex vertical gap={16}>
      {title}
      {!mine.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : mine.data.data.length === 0 ? (
        <Empty description={t('courseLessons.mine.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {mine.data.data.map((group) => (
            <Col key={group.group_id} xs={24} md={12} xl={8}>
              <MyGroupCard group={group} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
