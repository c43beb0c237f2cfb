import type { ExamPage as ExamPageAnswer } from '@crm/contracts';
import { Button, Card, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/ui/page-title';
import { PageHeader, QueryGate } from '../course-lessons/page-parts';
import { groupPath } from './exam-paths';
import { ExamResults } from './exam-results';
import { ExamFacts, ExamStateTag } from './exam-tags';
import { useExamPage } from './exams-api';
import { StudentExam } from './student-exam';

/** Spec §2 groups/{id}/exam/{examId}: the results of the group (teacher, staff) or the student's own exam. */
export function ExamPage() {
  const { t } = useTranslation();
  const params = useParams();
  const groupId = Number(params.id);
  const examId = Number(params.examId);
  const page = useExamPage(groupId, examId);
  usePageTitle(page.data?.exam.title);
  const back = { to: groupPath(groupId), label: page.data?.exam.group_title ?? t('exams.page.backToGroup') };
  // An exam deleted meanwhile, or another group's: said as an exam's absence (the shared gate speaks of lessons).
  if (page.error instanceof ApiError && page.error.status === 404) {
    return (
      <Result
        status="404"
        title={t('exams.page.notFound')}
        extra={
          <Link to={back.to}>
            <Button type="primary">{back.label}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <QueryGate query={page} back={back}>
      {(data) => <ExamView data={data} groupId={groupId} back={back} />}
    </QueryGate>
  );
}

function ExamView({
  data,
  groupId,
  back,
}: {
  data: ExamPageAnswer;
  groupId: number;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const { exam } = data;
  // The server gives the group's results to those who run it, and the attempt to the student.
  const staff = data.results !== null;
  return (
    <>
      <PageHeader back={back} title={exam.title} extra={staff && <ExamStateTag state={exam.state} />} />
      <Flex wrap gap={8} align="center" justify="space-between">
        <ExamFacts exam={exam} />
        {staff && <Typography.Text type="secondary">{t('exams.resultCount', exam.results)}</Typography.Text>}
      </Flex>
      {staff ? (
        <Card size="small" title={t('exams.page.results')}>
          <ExamResults page={data} groupId={groupId} />
        </Card>
      ) : (
        <StudentExam page={data} groupId={groupId} />
      )}
    </>
  );
}
