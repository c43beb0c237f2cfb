import { CalendarOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { EXAM_MAX_BALL, type Exam, type ExamKind, type ExamState } from '@crm/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateText } from '../groups/dates';

/** due: ahead, in blue; done: every student has a ball, in green; overdue: its day passed without them, in red. */
const STATE_COLOURS: Record<ExamState, string> = { due: 'blue', done: 'green', overdue: 'red' };

export function ExamStateTag({ state }: { state: ExamState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[state]}>{t(`exams.state.${state}`)}</Tag>;
}

export function ExamKindTag({ kind }: { kind: ExamKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'online' ? 'cyan' : 'default'}>{t(`exams.kind.${kind}`)}</Tag>;
}

/** "8.5 / 10": spec §9, the roadmap's balls are out of ten. */
export function useBallText() {
  const { t } = useTranslation();
  return (ball: number) => t('exams.ballOutOf', { ball, max: EXAM_MAX_BALL });
}

/** An exam's day, kind, module and (online) its minutes, on one wrapping line. */
export function ExamFacts({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={4} align="center">
      <Typography.Text type="secondary" style={{ fontSize: 13, marginRight: 4 }}>
        <CalendarOutlined /> {dateText(exam.date)}
      </Typography.Text>
      <ExamKindTag kind={exam.kind} />
      {exam.module !== null && <Tag>{t('exams.module', { number: exam.module })}</Tag>}
      {exam.kind === 'online' && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          <ClockCircleOutlined /> {t('exams.minutes', { count: exam.duration_minutes })}
        </Typography.Text>
      )}
    </Flex>
  );
}
