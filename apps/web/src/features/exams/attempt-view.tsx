import { SendOutlined } from '@ant-design/icons';
import type { Attempt, AttemptAnswer } from '@crm/contracts';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { AttemptClock, isPast } from './attempt-clock';
import { AttemptQuestionCard, isAnswered } from './attempt-question';
import { saveAttemptAnswer, useReloadExam, useSubmitAttempt } from './exams-api';
import { SaveStatus } from './save-status';
import { isAttemptClosed, useAnswerSaver } from './use-answer-saver';

/** While the server has not yet closed an attempt whose time ran out here, it is asked again this often. */
const RELOAD_AFTER_TIME_MS = 5000;

interface AttemptViewProps {
  attempt: Attempt;
  groupId: number;
  examId: number;
}

/**
 * An online exam under way (spec issue 19): every question in one list (scrolled with a thumb on a phone), the
 * time left kept in sight, each answer saved as it is given, and "Hand in" at the end. When the time is over, no
 * answer is taken any more and the page is read again: the server has closed and graded the attempt.
 */
export function AttemptView({ attempt, groupId, examId }: AttemptViewProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const reload = useReloadExam(groupId, examId);
  const submit = useSubmitAttempt(groupId, examId);
  const [answers, setAnswers] = useState<Record<string, AttemptAnswer>>(attempt.answers);
  const [closed, setClosed] = useState<string | null>(null);
  const [timeUp, setTimeUp] = useState(() => isPast(attempt.deadline_at));
  const onTimeUp = useCallback(() => setTimeUp(true), []);

  const close = (error: ApiError) => {
    const text = errorMessage(t, error);
    setClosed(text);
    message.error(text);
    void reload();
  };
  const saver = useAnswerSaver((questionId, answer) => saveAttemptAnswer(groupId, examId, questionId, answer), close);
  const locked = timeUp || closed !== null;

  const { stop } = saver;
  useEffect(() => {
    if (!timeUp) return;
    stop();
    void reload();
    const timer = setInterval(() => void reload(), RELOAD_AFTER_TIME_MS);
    return () => clearInterval(timer);
  }, [timeUp, stop, reload]);

  const answer = (questionId: number, given: AttemptAnswer, delay?: number) => {
    if (locked) return;
    setAnswers((all) => ({ ...all, [String(questionId)]: given }));
    saver.save(questionId, given, delay);
  };

  const states = Object.values(saver.states);
  const overall = states.includes('retrying')
    ? 'retrying'
    : states.includes('saving')
      ? 'saving'
      : states.includes('failed')
        ? 'failed'
        : states.length
          ? 'saved'
          : undefined;
  const total = attempt.questions.length;
  const answered = attempt.questions.filter((question) => isAnswered(answers[String(question.id)])).length;

  const handIn = async () => {
    const unsaved = (await saver.flush()).length;
    modal.confirm({
      title: t('exams.attempt.handInQuestion'),
      content: [
        total - answered > 0
          ? t('exams.attempt.unanswered', { count: total - answered })
          : t('exams.attempt.allAnswered'),
        unsaved > 0 && t('exams.attempt.unsaved', { count: unsaved }),
      ]
        .filter(Boolean)
        .join(' '),
      okText: t('exams.attempt.handIn'),
      cancelText: t('exams.attempt.goOn'),
      onOk: () =>
        submit.mutateAsync().then(
          () => {
            saver.stop();
            message.success(t('exams.attempt.handedIn'));
          },
          (error: unknown) => {
            if (isAttemptClosed(error)) close(error);
            else if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
          },
        ),
    });
  };

  return (
    <Flex vertical gap={12}>
      <AttemptClock deadlineAt={attempt.deadline_at} onTimeUp={onTimeUp}>
        <Flex vertical align="end" gap={0}>
          <Typography.Text>{t('exams.attempt.answered', { answered, total })}</Typography.Text>
          <SaveStatus state={overall} />
        </Flex>
      </AttemptClock>
      {closed ? (
        <Alert type="warning" showIcon title={closed} />
      ) : (
        timeUp && <Alert type="warning" showIcon title={t('exams.attempt.timeUp')} />
      )}
      {attempt.questions.map((question, index) => (
        <AttemptQuestionCard
          key={question.id}
          number={index + 1}
          total={total}
          question={question}
          answer={answers[String(question.id)]}
          disabled={locked}
          saveState={saver.states[question.id]}
          onAnswer={(given, delay) => answer(question.id, given, delay)}
        />
      ))}
      <Button
        type="primary"
        size="large"
        block
        icon={<SendOutlined />}
        disabled={locked}
        loading={submit.isPending}
        onClick={() => void handIn()}
      >
        {t('exams.attempt.handIn')}
      </Button>
    </Flex>
  );
}
