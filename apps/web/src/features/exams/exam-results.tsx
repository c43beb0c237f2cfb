import { EXAM_MAX_BALL, type ExamPage, type ExamResult } from '@crm/contracts';
import { Flex, InputNumber, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { momentText } from '../course-lessons/homework-answer';
import { useBallText } from './exam-tags';
import { useSetResult } from './exams-api';
import { type SaveState, SaveStatus } from './save-status';

/** A ball to one decimal, as the server keeps it (0.1 steps); an emptied field takes the ball back. */
const roundedBall = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * An offline exam's ball of one student, saved when the field is left or Enter is pressed (not on every key), with
 * the saving's state beside it. The field follows the server's value unless the teacher is typing in it.
 */
function BallInput({ row, groupId, examId }: { row: ExamResult; groupId: number; examId: number }) {
  const { t } = useTranslation();
  const setResult = useSetResult(groupId, examId);
  const [draft, setDraft] = useState<number | null>(row.ball);
  const [state, setState] = useState<SaveState | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const typing = useRef(false);
  // What the server has or is being sent: a blur right after Enter sends nothing twice.
  const sent = useRef<number | null>(row.ball);

  useEffect(() => {
    if (!typing.current) setDraft(row.ball);
  }, [row.ball]);

  const save = () => {
    typing.current = false;
    const ball = roundedBall(draft);
    if (ball === sent.current) return;
    sent.current = ball;
    setState('saving');
    setResult.mutate(
      { studentId: row.student_id, ball },
      {
        onSuccess: () => setState('saved'),
        onError: (error) => {
          // Not saved: the same ball typed again is sent again.
          sent.current = row.ball;
          setState('failed');
          setProblem(isHandledGlobally(error) ? null : errorMessage(t, error));
        },
      },
    );
  };

  return (
    <Flex gap={8} align="center" wrap>
      <InputNumber
        aria-label={t('exams.results.ballOf', { name: row.student_name })}
        min={0}
        max={EXAM_MAX_BALL}
        step={0.1}
        precision={1}
        inputMode="decimal"
        value={draft}
        onChange={(value) => {
          typing.current = true;
          setDraft(value);
        }}
        onBlur={save}
        onPressEnter={save}
        style={{ width: 96 }}
      />
      <SaveStatus state={state} problem={problem} />
    </Flex>
  );
}

/** Teacher and staff: every student of the group with his result (an offline exam's balls typed in here). */
export function ExamResults({ page, groupId }: { page: ExamPage; groupId: number }) {
  const { t } = useTranslation();
  const ballText = useBallText();
  const { exam } = page;
  const dash = '—';
  const ballColumn = {
    key: 'ball',
    title: t('exams.results.ball', { max: EXAM_MAX_BALL }),
    render: (_: unknown, row: ExamResult) =>
      page.policies.enter_results ? (
        <BallInput row={row} groupId={groupId} examId={exam.id} />
      ) : row.ball === null ? (
        dash
      ) : (
        <Typography.Text strong>{ballText(row.ball)}</Typography.Text>
      ),
  };
  const online: TableColumnsType<ExamResult> = [
    {
      key: 'started',
      title: t('exams.results.started'),
      render: (_, row) => (row.started_at ? momentText(row.started_at) : dash),
    },
    {
      key: 'submitted',
      title: t('exams.results.submitted'),
      render: (_, row) => (row.submitted_at ? momentText(row.submitted_at) : dash),
    },
    {
      key: 'points',
      title: t('exams.results.points'),
      render: (_, row) =>
        row.points === null || row.max_points === null
          ? dash
          : t('exams.result.points', { points: row.points, max: row.max_points }),
    },
  ];
  const columns: TableColumnsType<ExamResult> = [
    { key: 'name', title: t('exams.results.student'), dataIndex: 'student_name' },
    ...(exam.kind === 'online' ? online : []),
    ballColumn,
  ];
  return (
    <Table<ExamResult>
      size="small"
      rowKey="student_id"
      columns={columns}
      dataSource={page.results ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('exams.results.noStudents') }}
    />
  );
}
