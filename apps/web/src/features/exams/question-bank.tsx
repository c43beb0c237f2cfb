import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import type { Question } from '@crm/contracts';
import { Alert, App, Button, Card, Empty, Flex, List, Skeleton, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { useQuestions, useQuestionWrites } from './exams-api';
import { QuestionFormModal, type QuestionTarget } from './question-form';

/** The right answer as the teacher checks it: the options with the right ones marked, the order, or the answers. */
function RightAnswer({ question }: { question: Question }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (question.kind === 'short') {
    return (
      <Flex wrap gap={4} align="center">
        <Typography.Text type="secondary">{t('exams.questions.accepted')}</Typography.Text>
        {question.accepted.map((text) => (
          <Tag key={text} color="green">
            {text}
          </Tag>
        ))}
      </Flex>
    );
  }
  if (question.kind === 'ordering') {
    return (
      <ol aria-label={t('exams.questions.rightOrder')} style={{ margin: 0, paddingInlineStart: 24 }}>
        {question.options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place; two may read alike
          <li key={index}>{option}</li>
        ))}
      </ol>
    );
  }
  return (
    <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {question.options.map((option, index) => {
        const right = question.correct.includes(index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place; two may read alike
          <li key={index}>
            {right ? (
              <Typography.Text strong>
                <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('exams.questions.right')} />{' '}
                {option}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary" style={{ paddingInlineStart: 18 }}>
                {option}
              </Typography.Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** One question: its kind, points and text, with its right answer, and its edit and delete. */
function QuestionItem({ question, number, onEdit }: { question: Question; number: number; onEdit: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { remove } = useQuestionWrites(question.course_id);
  const name = t('exams.questions.number', { number });
  return (
    <List.Item style={{ display: 'block', paddingInline: 0 }}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" gap={8} align="start">
          <Flex wrap gap={4} align="center">
            <Typography.Text strong style={{ marginRight: 4 }}>
              {number}.
            </Typography.Text>
            <Tag color="geekblue">{t(`exams.questionKind.${question.kind}`)}</Tag>
            <Tag>{t('exams.points', { count: question.points })}</Tag>
          </Flex>
          <RowActions
            size="small"
            editLabel={t('exams.questions.edit', { name })}
            deleteLabel={t('exams.questions.delete', { name })}
            deleteQuestion={t('exams.questions.deleteQuestion', { name })}
            deleteWarning={t('exams.questions.deleteWarning')}
            onEdit={onEdit}
            onDelete={() => runAction(t, message, () => remove.mutateAsync(question.id), t('exams.questions.deleted'))}
          />
        </Flex>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, overflowWrap: 'anywhere' }}>
          {question.text}
        </Typography.Paragraph>
        <RightAnswer question={question} />
      </Flex>
    </List.Item>
  );
}

/** Issue 19: the course's question bank, on the course's page; online exams of its groups draw from it. */
export function ExamQuestionBank({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const questions = useQuestions(courseId);
  const [target, setTarget] = useState<QuestionTarget | null>(null);
  const data = questions.data?.data;
  const addButton = (
    <Button icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add' })}>
      {t('exams.questions.add')}
    </Button>
  );
  return (
    <Card title={t('exams.questions.title')} extra={addButton}>
      {questions.isError ? (
        !isHandledGlobally(questions.error) && <Alert type="error" showIcon title={errorMessage(t, questions.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <List
          dataSource={data}
          rowKey="id"
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exams.questions.empty')} />,
          }}
          renderItem={(question, index) => (
            <QuestionItem question={question} number={index + 1} onEdit={() => setTarget({ mode: 'edit', question })} />
          )}
        />
      )}
      {target && <QuestionFormModal courseId={courseId} target={target} onClose={() => setTarget(null)} />}
    </Card>
  );
}
