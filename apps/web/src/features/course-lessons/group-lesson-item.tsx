import { CalendarOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { GroupLessonLine } from '@crm/contracts';
import { Flex, List, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateText } from '../groups/dates';
import { LessonContentIcons } from './sortable-syllabus';

/** The student's own answer to a lesson's homework, as tags (nothing where there is nothing to hand in). */
function MyAnswerTags({ line, maxScore }: { line: GroupLessonLine; maxScore: number }) {
  const { t } = useTranslation();
  const answer = line.my_answer;
  if (!answer) {
    return line.has_homework && line.opened ? <Tag color="default">{t('courseLessons.answer.notHandedIn')}</Tag> : null;
  }
  return (
    <>
      <Tag color="green">{t('courseLessons.answer.handedIn')}</Tag>
      {answer.late && <Tag color="orange">{t('courseLessons.answer.late')}</Tag>}
      {answer.reviewed && (
        <Tag color="blue">
          {answer.score === null
            ? t('courseLessons.answer.reviewed')
            : t('courseLessons.answer.scoreOutOf', { score: answer.score, max: maxScore })}
        </Tag>
      )}
    </>
  );
}

interface GroupLessonItemProps {
  line: GroupLessonLine;
  /** The company's grade scale, for "4 / 5". */
  maxScore: number;
  /** Its page, or null for a lesson the viewer may not open yet (a student's locked lesson). */
  to: string | null;
  /** The viewer is the student himself: his answer is shown, not the group's counts. */
  asStudent: boolean;
}

/** One lesson of the group: its place, module, date, whether it is open, its homework and its answers. */
export function GroupLessonItem({ line, maxScore, to, asStudent }: GroupLessonItemProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const title = to ? (
    <Link to={to} style={{ overflowWrap: 'anywhere' }}>
      {line.title}
    </Link>
  ) : (
    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
      {line.title}
    </Typography.Text>
  );
  const when = line.date
    ? [dateText(line.date), line.start_time].filter(Boolean).join(' ')
    : t('courseLessons.group.notScheduled');
  return (
    <List.Item style={{ paddingInline: 4 }}>
      <Flex gap={12} align="start" style={{ width: '100%' }}>
        <Typography.Text
          type="secondary"
          style={{ minWidth: 28, textAlign: 'right', flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
        >
          {line.position}.
        </Typography.Text>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" gap={8} align="start">
            {title}
            <Flex gap={8} align="center" style={{ flexShrink: 0 }}>
              <LessonContentIcons lesson={line} />
              {line.opened ? (
                <UnlockOutlined aria-label={t('courseLessons.group.opened')} style={{ color: token.colorSuccess }} />
              ) : (
                <LockOutlined aria-label={t('courseLessons.group.locked')} style={{ color: token.colorTextTertiary }} />
              )}
            </Flex>
          </Flex>
          <Flex wrap gap={4} align="center">
            <Typography.Text type="secondary" style={{ fontSize: 13, marginRight: 4 }}>
              <CalendarOutlined /> {when}
            </Typography.Text>
            {line.module !== null && <Tag>{t('courseLessons.module', { number: line.module })}</Tag>}
            {line.own && <Tag color="purple">{t('courseLessons.group.own')}</Tag>}
            {line.homework_due && <Tag>{t('courseLessons.homework.due', { date: dateText(line.homework_due) })}</Tag>}
            {asStudent ? (
              <MyAnswerTags line={line} maxScore={maxScore} />
            ) : (
              line.has_homework &&
              line.answers && (
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t('courseLessons.group.answerCounts', line.answers)}
                </Typography.Text>
              )
            )}
          </Flex>
        </Flex>
      </Flex>
    </List.Item>
  );
}
