import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateText } from '../groups/dates';
import { examPath } from './exam-paths';
import { ExamKindTag, useBallText } from './exam-tags';
import { useStudentExamResults } from './exams-api';

/**
 * A student's exam balls beside his grades (his profile's grades tab, his own page): exams are results of their
 * own, out of 10 (decision 0034). Nothing while he has none, or when they cannot be read.
 */
export function StudentExamResults({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const results = useStudentExamResults(studentId);
  const ballText = useBallText();
  const data = results.data?.data ?? [];
  if (!data.length) return null;
  return (
    <Card size="small" title={t('exams.studentResults.title')}>
      <List
        size="small"
        dataSource={data}
        renderItem={(result) => (
          <List.Item extra={<Typography.Text strong>{ballText(result.ball)}</Typography.Text>}>
            <List.Item.Meta
              title={<Link to={examPath(result.group_id, result.exam_id)}>{result.title}</Link>}
              description={
                <>
                  {dateText(result.date)} · {result.group_title} <ExamKindTag kind={result.kind} />
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
