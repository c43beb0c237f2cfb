import { courseColor } from '@crm/contracts';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dayjs } from '../groups/dates';
import type { TimetableBlock } from './timetable-model';

const line: CSSProperties = { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

interface BlockProps {
  block: TimetableBlock;
  /** Position and size on the grid. */
  style: CSSProperties;
  /** Staff open the group from its block; a teacher sees his lessons without links (spec §6). */
  linked: boolean;
  onOpenGroup: () => void;
}

/**
 * One block of the timetable: a group's weekly slot, or a dated lesson — moved ones
 * marked "moved", cancelled ones greyed and struck through, a substitute named.
 */
export function TimetableBlockView({ block, style, linked, onOpenGroup }: BlockProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const lesson = block.kind === 'lesson' ? block.lesson : null;
  const group =
    block.kind === 'group'
      ? {
          id: block.group.id,
          title: block.group.title,
          course: block.group.course,
          teacher: block.group.teacher.name,
          students: block.group.student_count,
        }
      : {
          id: block.lesson.group.id,
          title: block.lesson.group.title,
          course: block.lesson.group.course,
          teacher: block.lesson.teacher.name,
          students: block.lesson.students,
        };
  const cancelled = lesson?.state === 'cancelled';
  const color = cancelled ? token.colorTextQuaternary : courseColor(group.course.id);

  const time = `${block.start_time}–${block.end_time}`;
  let mark: string | null = null;
  if (cancelled) mark = t('timetable.lesson.cancelled');
  else if (lesson?.moved) mark = t('timetable.lesson.moved');
  const teacher = lesson?.substitute ? t('timetable.lesson.substitute', { name: group.teacher }) : group.teacher;
  let detail = `${time} · ${t('timetable.students', { count: group.students })}`;
  if (cancelled && lesson?.cancel_reason) detail = `${time} · ${lesson.cancel_reason}`;
  else if (lesson?.moved) {
    detail = `${time} · ${
      lesson.scheduled_date === lesson.date
        ? t('timetable.lesson.timeChanged')
        : t('timetable.lesson.movedFrom', { date: dayjs(lesson.scheduled_date).format('DD.MM') })
    }`;
  }

  const label = [group.title, group.course.name, teacher, time, mark, cancelled ? lesson?.cancel_reason : null]
    .filter(Boolean)
    .join(', ');
  const blockStyle: CSSProperties = {
    position: 'absolute',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'flex-start',
    ...style,
    background: cancelled ? token.colorFillTertiary : `${color}26`,
    borderInlineStart: `4px ${lesson?.moved && !cancelled ? 'dashed' : 'solid'} ${color}`,
    borderRadius: 4,
    padding: '2px 6px',
    overflow: 'hidden',
    fontSize: 12,
    lineHeight: 1.3,
    textAlign: 'start',
    color: cancelled ? token.colorTextTertiary : token.colorText,
    cursor: linked ? 'pointer' : 'default',
    border: 'none',
  };
  const content: ReactNode = (
    <>
      <span style={{ display: 'flex', gap: 4, alignItems: 'baseline', minWidth: 0 }}>
        <strong style={{ ...line, textDecoration: cancelled ? 'line-through' : undefined }}>{group.title}</strong>
        {mark && (
          <span
            style={{
              flex: 'none',
              fontSize: 10,
              fontWeight: 600,
              textTransform: 'uppercase',
              color: cancelled ? token.colorError : token.colorWarningText,
            }}
          >
            {mark}
          </span>
        )}
      </span>
      <span style={{ ...line, color: lesson?.substitute ? token.colorWarningText : undefined }}>{teacher}</span>
      <span style={{ ...line, color: token.colorTextSecondary }}>{detail}</span>
    </>
  );
  return linked ? (
    <button
      type="button"
      style={blockStyle}
      title={label}
      aria-label={label}
      onClick={() => {
        onOpenGroup();
        navigate(`/groups/${group.id}`);
      }}
    >
      {content}
    </button>
  ) : (
    <div style={blockStyle} title={label}>
      {content}
    </div>
  );
}
