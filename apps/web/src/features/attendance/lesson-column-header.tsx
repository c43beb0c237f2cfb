import { BookOutlined, StopOutlined } from '@ant-design/icons';
import type { AttendanceGrid, Lesson } from '@crm/contracts';
import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayMonth, showsTime } from './attendance-model';
import { type LessonAction, LessonMenu } from './lesson-actions';
import { LessonFacts, weekdayName } from './lesson-text';

interface LessonColumnHeaderProps {
  grid: AttendanceGrid;
  lesson: Lesson;
  usual: { start_time: string; end_time: string };
  actions: readonly LessonAction[];
  onAction: (action: LessonAction, lesson: Lesson) => void;
}

/**
 * A lesson's column head: day, weekday, and marks for a moved, cancelled or themed
 * lesson. A click opens its menu, which starts with the lesson's facts (time, room,
 * teacher, theme, reason); a column without actions shows the facts as a tooltip.
 * (Not both: on a phone a tap would open the tooltip over the menu.)
 */
export function LessonColumnHeader({ grid, lesson, usual, actions, onAction }: LessonColumnHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const button = (
    <button
      type="button"
      aria-label={t('attendance.grid.columnLabel', { day: `${weekdayName(t, lesson.date)} ${dayMonth(lesson.date)}` })}
      style={{
        all: 'unset',
        boxSizing: 'border-box',
        cursor: 'pointer',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        width: '100%',
        padding: '6px 2px',
        lineHeight: 1.2,
      }}
    >
      <span
        style={{ fontWeight: 600, fontSize: 15, textDecoration: lesson.state === 'held' ? undefined : 'line-through' }}
      >
        {lesson.date.slice(8, 10)}
      </span>
      <span style={{ fontSize: 11, color: token.colorTextSecondary }}>{weekdayName(t, lesson.date)}</span>
      {showsTime(lesson, usual) && (
        <span style={{ fontSize: 10, color: token.colorWarningText }}>{lesson.start_time}</span>
      )}
      {lesson.moved && lesson.scheduled_date !== lesson.date && (
        <span style={{ fontSize: 10, color: token.colorWarningText }}>↪ {dayMonth(lesson.scheduled_date)}</span>
      )}
      <span style={{ fontSize: 11, minHeight: 14, color: token.colorTextTertiary }}>
        {lesson.state === 'cancelled' && <StopOutlined aria-label={t('attendance.lesson.cancelled')} />}
        {lesson.theme && <BookOutlined aria-label={t('attendance.lesson.theme')} />}
      </span>
    </button>
  );
  if (!actions.length) return <Tooltip title={<LessonFacts lesson={lesson} />}>{button}</Tooltip>;
  return (
    <LessonMenu grid={grid} lesson={lesson} actions={actions} onAction={onAction} withFacts>
      {button}
    </LessonMenu>
  );
}
