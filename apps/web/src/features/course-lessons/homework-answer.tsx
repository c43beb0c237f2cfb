import {
  ALLOWED_FILE_EXTENSIONS,
  type GroupLesson,
  HOMEWORK_ANSWER_TEXT_MAX,
  type HomeworkAnswer,
} from '@crm/contracts';
import { Alert, App, Button, Flex, Input, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { uploadProblem } from '../courses/file-transfer';
import { useAnswerCache, useSaveAnswer } from './course-lessons-api';
import { FileUploader } from './file-uploader';
import { FileLink } from './lesson-content';
import { uploadAnswerFile } from './lesson-transfer';

/** A moment as the app writes one: 12.03.2025 14:05. */
export const momentText = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

/** When an answer was handed in, and whether it was late. */
export function HandedInTags({ answer }: { answer: HomeworkAnswer | null }) {
  const { t } = useTranslation();
  if (!answer) return <Tag>{t('courseLessons.answer.notHandedIn')}</Tag>;
  return (
    <>
      <Tag color="green">{t('courseLessons.answer.handedInAt', { at: momentText(answer.submitted_at) })}</Tag>
      {answer.late && <Tag color="orange">{t('courseLessons.answer.late')}</Tag>}
    </>
  );
}

/** The teacher's score and comment, once he has reviewed the answer. */
function ReviewResult({ answer, maxScore }: { answer: HomeworkAnswer; maxScore: number }) {
  const { t } = useTranslation();
  const score =
    answer.score === null
      ? t('courseLessons.answer.reviewed')
      : t('courseLessons.answer.scoreOutOf', { score: answer.score, max: maxScore });
  return (
    <Alert
      type="success"
      showIcon
      title={score}
      description={
        <>
          {answer.comment && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{answer.comment}</Typography.Paragraph>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[answer.reviewer_name, answer.reviewed_at && momentText(answer.reviewed_at)].filter(Boolean).join(' · ')}
          </Typography.Text>
        </>
      }
    />
  );
}

/** The student's answer to the homework: its state, and until it is reviewed, its text and file to change. */
export function MyHomeworkAnswer({ lesson, groupId }: { lesson: GroupLesson; groupId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const answer = lesson.my_answer;
  const kind = lesson.homework?.answer ?? 'any';
  const save = useSaveAnswer(groupId, lesson.id);
  const remember = useAnswerCache(groupId, lesson.id);
  const [text, setText] = useState(answer?.text ?? '');
  const reviewed = answer?.reviewed_at != null;

  const handIn = () =>
    save.mutate(text.trim(), {
      onSuccess: () => message.success(t('courseLessons.answer.saved')),
      onError: (error) => {
        if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
      },
    });

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t('courseLessons.answer.mine')}
      </Typography.Title>
      <Flex wrap gap={4}>
        <HandedInTags answer={answer} />
      </Flex>
      {answer && reviewed && <ReviewResult answer={answer} maxScore={lesson.max_score} />}
      {reviewed
        ? answer?.text && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{answer.text}</Typography.Paragraph>
          )
        : kind !== 'file' && (
            <>
              <Input.TextArea
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-label={t('courseLessons.answer.text')}
                placeholder={t('courseLessons.answer.text')}
                autoSize={{ minRows: 4, maxRows: 14 }}
                maxLength={HOMEWORK_ANSWER_TEXT_MAX}
                showCount
              />
              <Button
                type="primary"
                onClick={handIn}
                loading={save.isPending}
                disabled={!text.trim() && !answer?.file}
                style={{ alignSelf: 'flex-start' }}
              >
                {t(answer ? 'courseLessons.answer.update' : 'courseLessons.answer.handIn')}
              </Button>
            </>
          )}
      {answer?.file && <FileLink file={answer.file} />}
      {!reviewed && kind !== 'text' && (
        <FileUploader
          accept={ALLOWED_FILE_EXTENSIONS.join(',')}
          label={t(answer?.file ? 'courseLessons.answer.replaceFile' : 'courseLessons.answer.attachFile')}
          refusalOf={uploadProblem}
          send={(file, onProgress) => uploadAnswerFile(groupId, lesson.id, file, onProgress)}
          onSent={(sent) => remember(sent, true)}
        />
      )}
    </Flex>
  );
}
