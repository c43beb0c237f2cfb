import { TrophyOutlined } from '@ant-design/icons';
import { Flex, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { dateText } from '../groups/dates';
import { examPath } from './exam-paths';
import { ExamKindTag } from './exam-tags';
import { useGroupExams } from './exams-api';

/**
 * The student's exam roadmap in one of his groups (on his "Course lessons"): the exams still ahead of him, due and
 * without his ball yet, by date, each to its page.
 */
export function MyGroupExams({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const exams = useGroupExams(groupId);
  const heading = (
    <Typography.Text strong>
      <TrophyOutlined /> {t('exams.mine.title')}
    </Typography.Text>
  );
  if (exams.isError) {
    return isHandledGlobally(exams.error) ? null : (
      <div>
        {heading}
        <Typography.Paragraph type="danger" style={{ margin: 0 }}>
          {errorMessage(t, exams.error)}
        </Typography.Paragraph>
      </div>
    );
  }
  if (!exams.data) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  const ahead = exams.data.data.filter((exam) => exam.state === 'due' && exam.my_ball === null);
  return (
    <div>
      {heading}
      {ahead.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('exams.mine.none')}
        </Typography.Paragraph>
      ) : (
        <List
          size="small"
          split={false}
          dataSource={ahead}
          rowKey="id"
          renderItem={(exam) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Flex justify="space-between" gap={8} align="center" style={{ width: '100%' }}>
                <Link to={examPath(exam.group_id, exam.id)} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {exam.title}
                </Link>
                <Flex gap={4} align="center" style={{ flexShrink: 0 }}>
                  <ExamKindTag kind={exam.kind} />
                  <Typography.Text type="secondary">{dateText(exam.date)}</Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
