import { MessageOutlined, StarOutlined } from '@ant-design/icons';
import type { StudentComment, StudentGrades } from '@crm/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../shared/ui/plain-list';
import { dayMonth } from '../attendance/attendance-model';
import { StudentCommentList } from '../groups/student-comments';

/** How many of the newest grades show before "show all": a phone screen's worth. */
const FIRST_GRADES = 6;

/** The child's grades, newest first: the day, the group, the grade on the company's scale, and who gave it. */
export function GradesCard({ grades }: { grades: StudentGrades }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const titleOf = new Map(grades.groups.map((group) => [group.id, group.title]));
  const newest = [...grades.grades].sort((a, b) => b.date.localeCompare(a.date));
  const shown = all ? newest : newest.slice(0, FIRST_GRADES);
  return (
    <Card
      title={
        <span>
          <StarOutlined /> {t('parents.grades.title')}
        </span>
      }
      styles={{ body: { paddingBlock: 8 } }}
    >
      <PlainList
        items={shown}
        keyOf={(grade) => `${grade.group_id}:${grade.date}`}
        empty={t('grades.student.empty')}
        render={(grade) => (
          <Flex justify="space-between" align="start" gap={8}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text>
                <Typography.Text strong>{dayMonth(grade.date)}</Typography.Text> {titleOf.get(grade.group_id) ?? ''}
              </Typography.Text>
              {grade.author && (
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {grade.author.name}
                </Typography.Text>
              )}
            </Flex>
            <Typography.Text strong style={{ flexShrink: 0, fontSize: 16 }}>
              {t('grades.outOf', { score: grade.score, max: grades.max_score })}
            </Typography.Text>
          </Flex>
        )}
      />
      {newest.length > shown.length && (
        <Button type="link" onClick={() => setAll(true)} style={{ paddingInline: 0 }}>
          {t('parents.grades.showAll', { count: newest.length })}
        </Button>
      )}
    </Card>
  );
}

/** What the teachers wrote about the child for him and his parents, newest first. */
export function CommentsCard({ comments }: { comments: StudentComment[] }) {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <span>
          <MessageOutlined /> {t('groups.studentComments.tab')}
        </span>
      }
      styles={{ body: { paddingBlock: 8 } }}
    >
      <StudentCommentList comments={comments} marksShown={false} />
    </Card>
  );
}
