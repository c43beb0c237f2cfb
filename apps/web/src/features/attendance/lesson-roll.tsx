import { CheckOutlined, CloseOutlined, LeftOutlined, MoreOutlined, RightOutlined } from '@ant-design/icons';
import type { AttendanceGrid, AttendanceStudent, Lesson } from '@crm/contracts';
import { Alert, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RollGrade } from '../grades/grade-slots';
import type { Grading } from '../grades/use-grading';
import { dayMonth, isGoingOn, type Mark, studentsOfLesson } from './attendance-model';
import { type LessonAction, LessonMenu, unmarkedOf } from './lesson-actions';
import { lessonDayText } from './lesson-text';
import { useMarkLook } from './mark-look';

interface LessonRollProps {
  grid: AttendanceGrid;
  index: number;
  onSelect: (index: number) => void;
  onMark: (student: AttendanceStudent, lesson: Lesson, mark: Mark) => void;
  onAction: (action: LessonAction, lesson: Lesson) => void;
  actionsOf: (lesson: Lesson) => LessonAction[];
  lockOf: (lesson: Lesson) => string | null;
  /** The month's grades: each student's scores under his marks (absent while they load). */
  grading?: Grading | null;
}

/**
 * The phone's roll call (a teacher standing in the classroom): one lesson at a time,
 * its students as a list with big Present / Absent buttons, and a switcher to the
 * lessons before and after.
 */
export function LessonRoll({ grid, index, onSelect, onMark, onAction, actionsOf, lockOf, grading }: LessonRollProps) {
  const { t } = useTranslation();
  const lesson = grid.lessons[index];
  if (!lesson) return null;
  const students = studentsOfLesson(grid.students, lesson);
  const marked = students.filter((student) => student.marks[lesson.date] !== undefined).length;
  const lock = lesson.state === 'held' ? lockOf(lesson) : null;
  const unmarked = unmarkedOf(grid, lesson);
  const actions = actionsOf(lesson);

  return (
    <Flex vertical gap={12}>
      <Card size="small" styles={{ body: { padding: 8 } }}>
        <Flex align="center" justify="space-between" gap={8}>
          <Button
            size="large"
            icon={<LeftOutlined />}
            disabled={index === 0}
            aria-label={t('attendance.roll.previous')}
            onClick={() => onSelect(index - 1)}
          />
          <Flex vertical align="center" style={{ minWidth: 0, textAlign: 'center' }}>
            <Typography.Text strong style={{ fontSize: 18 }}>
              {lessonDayText(t, lesson)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {[`${lesson.start_time}–${lesson.end_time}`, lesson.room?.name].filter(Boolean).join(' · ')}
            </Typography.Text>
            <LessonTags lesson={lesson} grid={grid} />
          </Flex>
          <Button
            size="large"
            icon={<RightOutlined />}
            disabled={index >= grid.lessons.length - 1}
            aria-label={t('attendance.roll.next')}
            onClick={() => onSelect(index + 1)}
          />
        </Flex>
        {lesson.theme && (
          <Typography.Paragraph style={{ margin: '8px 4px 0' }}>
            <Typography.Text type="secondary">{t('attendance.lesson.theme')}: </Typography.Text>
            {lesson.theme}
          </Typography.Paragraph>
        )}
      </Card>

      {lesson.state === 'cancelled' && (
        <Alert
          type="warning"
          showIcon
          title={t('attendance.lesson.cancelled')}
          description={lesson.cancel_reason ?? undefined}
        />
      )}
      {lesson.state === 'holiday' && (
        <Alert type="info" showIcon title={`${t('attendance.lesson.holiday')}: ${lesson.holiday ?? ''}`} />
      )}
      {lock && <Alert type="info" showIcon title={lock} />}

      <Flex justify="space-between" align="center" gap={8} wrap>
        {lesson.state === 'held' && (
          <Typography.Text>{t('attendance.roll.marked', { marked, total: students.length })}</Typography.Text>
        )}
        {actions.length > 0 && (
          <LessonMenu grid={grid} lesson={lesson} actions={actions} onAction={onAction}>
            <Button icon={<MoreOutlined />}>{t('attendance.roll.lessonMenu')}</Button>
          </LessonMenu>
        )}
      </Flex>

      {lesson.state === 'held' && !lock && unmarked.length > 0 && (
        <Button
          size="large"
          block
          type="primary"
          icon={<CheckOutlined />}
          onClick={() => onAction('allPresent', lesson)}
        >
          {marked > 0 ? t('attendance.actions.restPresent') : t('attendance.actions.allPresent')}
        </Button>
      )}

      {lesson.state === 'held' &&
        (students.length ? (
          <ul
            aria-label={t('attendance.roll.listLabel', { day: dayMonth(lesson.date) })}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {students.map((student) => (
              <RollRow
                key={student.id}
                student={student}
                lesson={lesson}
                locked={lock !== null}
                onMark={onMark}
                grading={grading}
              />
            ))}
          </ul>
        ) : (
          <Empty description={t('attendance.empty.noStudentsOnDay')} />
        ))}
    </Flex>
  );
}

function LessonTags({ lesson, grid }: { lesson: Lesson; grid: AttendanceGrid }) {
  const { t } = useTranslation();
  const now = lesson.state === 'held' && isGoingOn(lesson, grid.today, grid.now);
  return (
    <Flex gap={4} wrap justify="center" style={{ marginTop: 4 }}>
      {now && <Tag color="green">{t('attendance.lesson.now')}</Tag>}
      {!now && lesson.date === grid.today && <Tag color="blue">{t('attendance.lesson.today')}</Tag>}
      {lesson.state === 'cancelled' && <Tag>{t('attendance.lesson.cancelled')}</Tag>}
      {lesson.moved && (
        <Tag color="orange">
          {lesson.scheduled_date !== lesson.date
            ? t('attendance.lesson.movedFrom', { date: dayMonth(lesson.scheduled_date) })
            : t('attendance.lesson.timeChanged')}
        </Tag>
      )}
    </Flex>
  );
}

/** One student with two big buttons; tapping the chosen one again clears the mark. */
function RollRow({
  student,
  lesson,
  locked,
  onMark,
  grading,
}: {
  student: AttendanceStudent;
  lesson: Lesson;
  locked: boolean;
  onMark: LessonRollProps['onMark'];
  grading?: Grading | null;
}) {
  const { t } = useTranslation();
  const { token, look } = useMarkLook();
  const mark = student.marks[lesson.date];
  const choice = (value: 0 | 1) => {
    const chosen = mark === value;
    return (
      <Button
        size="large"
        disabled={locked}
        aria-pressed={chosen}
        aria-label={t('attendance.roll.choiceLabel', { name: student.name, mark: t(`attendance.mark.${value}`) })}
        icon={value === 1 ? <CheckOutlined /> : <CloseOutlined />}
        onClick={() => onMark(student, lesson, chosen ? undefined : value)}
        style={{ height: 48, minWidth: 48, ...(chosen ? look(value) : {}), fontWeight: chosen ? 600 : undefined }}
      >
        {t(`attendance.mark.short${value}`)}
      </Button>
    );
  };
  return (
    <li style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex align="center" gap={8} style={{ padding: '8px 0' }}>
        {/* Two lines rather than an ellipsis: "Yusupova Shahnoza" and "Yusupova Shaxlo" must stay apart. */}
        <Typography.Paragraph style={{ flex: 1, minWidth: 0, fontSize: 16, margin: 0 }} ellipsis={{ rows: 2 }}>
          {student.name}
        </Typography.Paragraph>
        {choice(1)}
        {choice(0)}
      </Flex>
      {grading && <RollGrade grading={grading} student={student} lesson={lesson} />}
    </li>
  );
}
