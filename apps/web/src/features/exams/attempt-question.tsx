import type { AttemptAnswer, AttemptQuestion } from '@crm/contracts';
import { Button, Card, Checkbox, Flex, Input, Radio, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderingAnswer } from './ordering-answer';
import { type SaveState, SaveStatus } from './save-status';

/** A short answer is saved after this pause in typing (and at once when the field is left). */
const TYPING_PAUSE_MS = 800;

/** Whether a question counts as answered (for "N unanswered" before handing in). */
export const isAnswered = (answer: AttemptAnswer | undefined): boolean => {
  if (!answer) return false;
  if (answer.kind === 'short') return answer.text.trim() !== '';
  if (answer.kind === 'multiple') return answer.options.length > 0;
  return true;
};

interface AnswerInputProps {
  question: AttemptQuestion;
  answer: AttemptAnswer | undefined;
  disabled: boolean;
  /** The new answer; `delay` asks the saver to wait for a pause (typing). */
  onAnswer: (answer: AttemptAnswer, delay?: number) => void;
}

function ShortAnswer({ question, answer, disabled, onAnswer }: AnswerInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(answer?.kind === 'short' ? answer.text : '');
  return (
    <Input
      size="large"
      value={text}
      disabled={disabled}
      maxLength={200}
      autoComplete="off"
      placeholder={t('exams.attempt.shortPlaceholder')}
      aria-label={t('exams.attempt.answerTo', { text: question.text })}
      onChange={(event) => {
        setText(event.target.value);
        onAnswer({ kind: 'short', text: event.target.value }, TYPING_PAUSE_MS);
      }}
      onBlur={() => onAnswer({ kind: 'short', text })}
    />
  );
}

/** The order the student has given, or the shuffled order he was shown (not yet an answer). */
const orderOf = (question: AttemptQuestion, answer: AttemptAnswer | undefined) =>
  answer?.kind === 'ordering' ? answer.order : question.options.map((option) => option.index);

function AnswerInput(props: AnswerInputProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { question, answer, disabled, onAnswer } = props;
  // Big rows: a finger on a 390 px phone hits the option it means.
  const row = {
    padding: '10px 12px',
    margin: 0,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
    width: '100%',
  };
  const options = question.options.map((option) => ({
    value: option.index,
    label: <span style={{ overflowWrap: 'anywhere' }}>{option.text}</span>,
    style: row,
  }));
  const group = { display: 'flex', flexDirection: 'column' as const, gap: 8, width: '100%' };
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          aria-label={question.text}
          disabled={disabled}
          value={answer?.kind === 'single' ? answer.option : undefined}
          onChange={(event) => onAnswer({ kind: 'single', option: event.target.value })}
          options={options}
          style={group}
        />
      );
    case 'multiple':
      return (
        <Checkbox.Group
          aria-label={question.text}
          disabled={disabled}
          value={answer?.kind === 'multiple' ? answer.options : []}
          onChange={(chosen) => onAnswer({ kind: 'multiple', options: [...chosen].sort((a, b) => a - b) })}
          options={options}
          style={group}
        />
      );
    case 'short':
      return <ShortAnswer {...props} />;
    case 'ordering':
      return (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('exams.attempt.orderingHint')}</Typography.Text>
          <OrderingAnswer
            question={question}
            order={orderOf(question, answer)}
            disabled={disabled}
            onChange={(order) => onAnswer({ kind: 'ordering', order })}
          />
          {!answer && (
            <Button
              disabled={disabled}
              onClick={() => onAnswer({ kind: 'ordering', order: orderOf(question, answer) })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('exams.attempt.keepOrder')}
            </Button>
          )}
        </Flex>
      );
  }
}

interface AttemptQuestionCardProps extends AnswerInputProps {
  number: number;
  total: number;
  saveState: SaveState | undefined;
}

/** One question of the attempt: its place, points and text, the answer, and whether the answer is saved. */
export function AttemptQuestionCard({ number, total, saveState, ...input }: AttemptQuestionCardProps) {
  const { t } = useTranslation();
  const { question } = input;
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text type="secondary">
            {t('exams.attempt.questionOf', { number, total })} · {t('exams.points', { count: question.points })}
          </Typography.Text>
          <SaveStatus state={saveState} />
        </Flex>
        <Typography.Paragraph strong style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 16 }}>
          {question.text}
        </Typography.Paragraph>
        <AnswerInput {...input} />
      </Flex>
    </Card>
  );
}
