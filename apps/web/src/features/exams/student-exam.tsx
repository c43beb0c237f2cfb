import { PlayCircleOutlined } from '@ant-design/icons';
import { type Attempt, EXAM_MAX_BALL, type ExamPage } from '@crm/contracts';
import { Alert, App, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { momentText } from '../course-lessons/homework-answer';
import { dayText } from '../course-lessons/lesson-progress';
import { AttemptView } from './attempt-view';
import { useStartAttempt } from './exams-api';

/** The ball big, out of ten (spec §9), and the points it came from when the server graded them. */
function BigBall({ ball, points, maxPoints }: { ball: number; points?: number | null; maxPoints?: number | null }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={4} style={{ padding: '16px 0' }}>
      <Typography.Text type="secondary">{t('exams.result.yourBall')}</Typography.Text>
      <Typography.Text style={{ fontSize: 64, lineHeight: 1, fontWeight: 600 }}>
        {ball}
        <Typography.Text type="secondary" style={{ fontSize: 24, fontWeight: 400 }}>
          {' '}
          / {EXAM_MAX_BALL}
        </Typography.Text>
      </Typography.Text>
      {points != null && maxPoints != null && (
        <Typography.Text>{t('exams.result.points', { points, max: maxPoints })}</Typography.Text>
      )}
    </Flex>
  );
}

/** The handed-in (or closed at its deadline) attempt: the ball, the points, and when. */
function AttemptResult({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation();
  const atDeadline =
    attempt.submitted_at !== null && Date.parse(attempt.submitted_at) >= Date.parse(attempt.deadline_at);
  return (
    <Card>
      {attempt.ball !== null && <BigBall ball={attempt.ball} points={attempt.points} maxPoints={attempt.max_points} />}
      <Flex vertical align="center" gap={8}>
        {attempt.submitted_at && (
          <Typography.Text type="secondary">
            {t('exams.result.handedInAt', { at: momentText(attempt.submitted_at) })}
          </Typography.Text>
        )}
        {atDeadline && <Alert type="info" showIcon title={t('exams.result.closedAtDeadline')} />}
      </Flex>
    </Card>
  );
}

/** Why the student cannot start: the exam is taken in class, its day is ahead, or its day has passed. */
function whyNotStart(page: ExamPage, today: string): string {
  const { exam } = page;
  if (exam.kind === 'offline') return 'exams.start.offline';
  if (exam.date > today) return 'exams.start.notYet';
  return 'exams.start.missed';
}

/** Before the attempt: what the exam is, and "Start" on its day (or why not). */
function ExamStart({ page, groupId }: { page: ExamPage; groupId: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { exam, policies } = page;
  const start = useStartAttempt(groupId, exam.id);
  const questions = exam.question_count ?? exam.bank_size;
  const begin = () =>
    modal.confirm({
      title: t('exams.start.question'),
      content: t('exams.start.warning', { count: exam.duration_minutes }),
      okText: t('exams.start.start'),
      cancelText: t('common.cancel'),
      onOk: () =>
        start.mutateAsync().catch((error: unknown) => {
          if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
        }),
    });
  return (
    <Card>
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'date', label: t('exams.start.date'), children: dayText(exam.date) },
            { key: 'kind', label: t('exams.start.kind'), children: t(`exams.kind.${exam.kind}`) },
            ...(exam.kind === 'online'
              ? [
                  {
                    key: 'time',
                    label: t('exams.start.time'),
                    children: t('exams.minutes', { count: exam.duration_minutes }),
                  },
                  { key: 'questions', label: t('exams.start.questions'), children: questions },
                ]
              : []),
          ]}
        />
        {exam.my_ball !== null ? (
          <BigBall ball={exam.my_ball} />
        ) : policies.start ? (
          <>
            <Typography.Text>{t('exams.start.rules')}</Typography.Text>
            <Button
              type="primary"
              size="large"
              block
              icon={<PlayCircleOutlined />}
              loading={start.isPending}
              onClick={begin}
            >
              {t('exams.start.start')}
            </Button>
          </>
        ) : (
          <Alert type="info" showIcon title={t(whyNotStart(page, companyToday()), { date: dayText(exam.date) })} />
        )}
      </Flex>
    </Card>
  );
}

/** The student's side of an exam's page: its facts and "Start", the attempt under way, or his result. */
export function StudentExam({ page, groupId }: { page: ExamPage; groupId: number }) {
  const { attempt } = page;
  if (!attempt) return <ExamStart page={page} groupId={groupId} />;
  if (attempt.submitted_at === null) return <AttemptView attempt={attempt} groupId={groupId} examId={page.exam.id} />;
  return <AttemptResult attempt={attempt} />;
}
