import { type GroupLesson, HOMEWORK_COMMENT_MAX, type HomeworkAnswerRow } from '@crm/contracts';
import { App, Button, Divider, Flex, Input, List, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useReviewAnswer } from './course-lessons-api';
import { HandedInTags, momentText } from './homework-answer';
import { FileLink } from './lesson-content';

interface ReviewRowProps {
  row: HomeworkAnswerRow;
  lesson: GroupLesson;
  groupId: number;
}

/** One student: his answer (text, file) and, once handed in, the teacher's score and comment with Save. */
function ReviewRow({ row, lesson, groupId }: ReviewRowProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const review = useReviewAnswer(groupId, lesson.id);
  const answer = row.answer;
  const [score, setScore] = useState<number | null>(answer?.score ?? null);
  const [comment, setComment] = useState(answer?.comment ?? '');
  const name = row.student_name;

  const save = () =>
    review.mutate(
      { studentId: row.student_id, score, comment: comment.trim() },
      {
        onSuccess: () => message.success(t('courseLessons.review.saved', { name })),
        onError: (error) => {
          if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
        },
      },
    );

  return (
    <List.Item style={{ display: 'block', paddingInline: 0 }}>
      <Flex vertical gap={8}>
        <Flex wrap gap={4} align="center">
          <Typography.Text strong style={{ marginRight: 8 }}>
            {name}
          </Typography.Text>
          <HandedInTags answer={answer} />
        </Flex>
        {answer && (
          <>
            {answer.text && (
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                ellipsis={{
                  rows: 3,
                  expandable: 'collapsible',
                  symbol: (open) => t(open ? 'courseLessons.review.less' : 'courseLessons.review.more'),
                }}
              >
                {answer.text}
              </Typography.Paragraph>
            )}
            {answer.file && <FileLink file={answer.file} />}
            <Flex wrap gap={8} align="start">
              <Select
                value={score}
                onChange={(value) => setScore(value ?? null)}
                allowClear
                placeholder={t('courseLessons.review.score')}
                aria-label={t('courseLessons.review.scoreOf', { name })}
                style={{ width: 120 }}
                options={Array.from({ length: lesson.max_score }, (_, index) => ({
                  value: index + 1,
                  label: t('courseLessons.answer.scoreOutOf', { score: index + 1, max: lesson.max_score }),
                }))}
              />
              <Input.TextArea
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                aria-label={t('courseLessons.review.commentOf', { name })}
                placeholder={t('courseLessons.review.comment')}
                autoSize={{ minRows: 1, maxRows: 6 }}
                maxLength={HOMEWORK_COMMENT_MAX}
                style={{ flex: '1 1 220px' }}
              />
              <Button
                type="primary"
                onClick={save}
                loading={review.isPending}
                aria-label={t('courseLessons.review.saveOf', { name })}
              >
                {t('common.save')}
              </Button>
            </Flex>
            {answer.reviewed_at && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('courseLessons.review.reviewedBy', {
                  name: answer.reviewer_name ?? '—',
                  at: momentText(answer.reviewed_at),
                })}
              </Typography.Text>
            )}
          </>
        )}
      </Flex>
    </List.Item>
  );
}

/** The teacher's list: every current student with his answer, scored and commented one by one. */
export function HomeworkReviews({ lesson, groupId }: { lesson: GroupLesson; groupId: number }) {
  const { t } = useTranslation();
  const rows = lesson.answers ?? [];
  const handedIn = rows.filter((row) => row.answer).length;
  const reviewed = rows.filter((row) => row.answer?.reviewed_at).length;
  return (
    <>
      <Divider style={{ margin: 0 }} />
      <Flex justify="space-between" wrap gap={8} align="baseline">
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('courseLessons.review.title')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('courseLessons.review.counts', { handedIn, reviewed, total: rows.length })}
        </Typography.Text>
      </Flex>
      <List
        dataSource={rows}
        rowKey="student_id"
        locale={{ emptyText: t('courseLessons.review.noStudents') }}
        renderItem={(row) => <ReviewRow row={row} lesson={lesson} groupId={groupId} />}
      />
    </>
  );
}
