import { FormOutlined } from '@ant-design/icons';
import type { MyCourseGroup } from '@crm/contracts';
import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NextLessonLine } from '../course-lessons/lesson-progress';
import { dateText } from '../groups/dates';

/** One group of the child: its next lesson and the homework he has still to hand in, soonest due first. */
function GroupHomework({ group }: { group: MyCourseGroup }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {group.group_title}{' '}
        <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
          {group.course_name}
        </Typography.Text>
      </Typography.Text>
      <NextLessonLine next={group.next_lesson} />
      {group.homework_due.length === 0 ? (
        <Typography.Text type="secondary">{t('parents.homework.nothingDue')}</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {group.homework_due.map((item) => (
            <li key={item.lesson_id}>
              <Flex justify="space-between" gap={8} wrap>
                <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{item.title}</span>
                <Typography.Text type="danger" style={{ flexShrink: 0 }}>
                  {t('courseLessons.homework.due', { date: dateText(item.due) })}
                </Typography.Text>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

/** The child's groups with course lessons: what he owes and when each group meets next. */
export function HomeworkCard({ courses }: { courses: MyCourseGroup[] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <span>
          <FormOutlined /> {t('parents.homework.title')}
        </span>
      }
    >
      {courses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('parents.homework.noCourses')} />
      ) : (
        <Flex vertical gap={16}>
          {courses.map((group) => (
            <GroupHomework key={group.group_id} group={group} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
