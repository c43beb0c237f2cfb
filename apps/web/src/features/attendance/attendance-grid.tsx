import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { AttendanceGrid, AttendanceStudent, Lesson } from '@crm/contracts';
import { Typography } from 'antd';
import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GridGrade } from '../grades/grade-slots';
import type { Grading } from '../grades/use-grading';
import { dayMonth, inGroupOn, type Mark, markCounts, nextMark } from './attendance-model';
import type { LessonAction } from './lesson-actions';
import { LessonColumnHeader } from './lesson-column-header';
import { MarkIcon, useMarkLook } from './mark-look';

export interface GridProps {
  grid: AttendanceGrid;
  /** The group's usual lesson times: a lesson at another time shows its time under the day. */
  usual: { start_time: string; end_time: string };
  /** The column scrolled into view first (the current lesson). */
  focusDate: string | null;
  /** Phone: larger cells and a narrower name column. */
  large: boolean;
  onMark: (student: AttendanceStudent, lesson: Lesson, mark: Mark) => void;
  onAction: (action: LessonAction, lesson: Lesson) => void;
  actionsOf: (lesson: Lesson) => LessonAction[];
  /** Why a lesson cannot be marked, in words; null when it can. */
  lockOf: (lesson: Lesson) => string | null;
  /** The month's grades, shown under each mark (absent while they load). */
  grading?: Grading | null;
}

/** Spec §2 attendance screen: students down, the month's lessons across; a click cycles a cell's mark. */
export function AttendanceMonthGrid(props: GridProps) {
  const { grid, usual, focusDate, large, onMark, onAction, actionsOf, lockOf, grading } = props;
  const { t } = useTranslation();
  const { token, look, hatched } = useMarkLook();
  const scroller = useRef<HTMLDivElement>(null);
  const cell = large ? 44 : 36;
  const nameWidth = large ? 132 : 220;

  // The current lesson's column comes into view first; the names stay put (sticky).
  useLayoutEffect(() => {
    const box = scroller.current;
    const column = focusDate ? box?.querySelector<HTMLElement>(`th[data-date="${focusDate}"]`) : null;
    // One earlier lesson stays in view beside the names, for context.
    if (box && column) box.scrollLeft = Math.max(0, column.offsetLeft - nameWidth - column.offsetWidth);
  }, [focusDate, nameWidth]);

  const border = `1px solid ${token.colorBorderSecondary}`;
  const sticky: CSSProperties = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    background: token.colorBgContainer,
    borderRight: border,
    borderBottom: border,
    width: nameWidth,
    minWidth: nameWidth,
    maxWidth: nameWidth,
    padding: '4px 8px',
    textAlign: 'left',
    fontWeight: 'normal',
  };
  const shaded = (lesson: Lesson): CSSProperties =>
    lesson.state === 'held' ? {} : { background: token.colorFillTertiary, color: token.colorTextTertiary };
  // Today's column: tinted down its length, marked with a bar on its header only.
  const todays = (lesson: Lesson): CSSProperties =>
    lesson.date === grid.today ? { background: token.colorPrimaryBg } : {};
  const todaysHeader = (lesson: Lesson): CSSProperties =>
    lesson.date === grid.today ? { boxShadow: `inset 0 3px ${token.colorPrimary}` } : {};

  // A column with no lesson (cancelled, holiday) is one shaded cell with its reason written down it.
  const notHeldCell = (lesson: Lesson) => (
    <td
      key={lesson.date}
      rowSpan={grid.students.length}
      style={{
        ...shaded(lesson),
        borderBottom: border,
        borderRight: border,
        verticalAlign: 'middle',
        textAlign: 'center',
      }}
    >
      <span
        style={{
          writingMode: 'vertical-rl',
          transform: 'rotate(180deg)',
          fontSize: 12,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          maxHeight: Math.max(grid.students.length * (cell + 9) - 16, 60),
          display: 'inline-block',
        }}
      >
        {lesson.state === 'holiday' ? lesson.holiday : t('attendance.lesson.cancelled')}
      </span>
    </td>
  );

  const markCell = (student: AttendanceStudent, lesson: Lesson) => {
    const day = dayMonth(lesson.date);
    const base: CSSProperties = {
      borderBottom: border,
      borderRight: border,
      padding: 4,
      textAlign: 'center',
      ...todays(lesson),
    };
    if (!inGroupOn(student, lesson.date)) {
      return (
        <td key={lesson.date} style={{ ...base, ...hatched }} title={t('attendance.grid.notInGroup')}>
          <span role="img" aria-label={t('attendance.grid.notInGroupLabel', { name: student.name, day })} />
        </td>
      );
    }
    const mark = student.marks[lesson.date];
    const lock = lockOf(lesson);
    return (
      <td key={lesson.date} style={base}>
        <button
          type="button"
          disabled={lock !== null}
          title={lock ?? undefined}
          aria-label={t('attendance.grid.cellLabel', {
            name: student.name,
            day,
            mark: t(`attendance.mark.${mark ?? 'none'}`),
          })}
          onClick={() => onMark(student, lesson, nextMark(mark))}
          style={{
            ...look(mark),
            width: cell,
            height: cell,
            borderWidth: 1,
            borderStyle: mark === undefined ? 'dashed' : 'solid',
            borderRadius: 6,
            fontSize: large ? 18 : 15,
            cursor: lock === null ? 'pointer' : 'not-allowed',
            opacity: lock !== null && mark === undefined ? 0.45 : 1,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: 0,
          }}
        >
          <MarkIcon mark={mark} />
        </button>
        {grading && <GridGrade grading={grading} student={student} lesson={lesson} />}
      </td>
    );
  };

  return (
    <div ref={scroller} style={{ overflowX: 'auto', border, borderRadius: token.borderRadiusLG }}>
      <table style={{ borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' }}>
        <thead>
          <tr>
            <th scope="col" style={{ ...sticky, zIndex: 2 }}>
              {t('attendance.grid.student')}
            </th>
            {grid.lessons.map((lesson) => (
              <th
                key={lesson.date}
                scope="col"
                data-date={lesson.date}
                style={{
                  borderBottom: border,
                  borderRight: border,
                  minWidth: cell + 10,
                  padding: 0,
                  ...shaded(lesson),
                  ...todays(lesson),
                  ...todaysHeader(lesson),
                }}
              >
                <LessonColumnHeader
                  grid={grid}
                  lesson={lesson}
                  usual={usual}
                  actions={actionsOf(lesson)}
                  onAction={onAction}
                />
              </th>
            ))}
            {!large && (
              <th scope="col" style={{ borderBottom: border, padding: '4px 12px', whiteSpace: 'nowrap' }}>
                {t('attendance.grid.summary')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {grid.students.map((student, row) => {
            const counts = markCounts(student, grid.lessons);
            return (
              <tr key={student.id}>
                <th scope="row" style={sticky}>
                  <Typography.Text ellipsis={{ tooltip: student.name }} style={{ display: 'block' }}>
                    {student.name}
                  </Typography.Text>
                  <StudentDates student={student} grid={grid} />
                </th>
                {grid.lessons.map((lesson) =>
                  lesson.state === 'held' ? markCell(student, lesson) : row === 0 ? notHeldCell(lesson) : null,
                )}
                {!large && (
                  <td
                    style={{ borderBottom: border, padding: '4px 12px', whiteSpace: 'nowrap' }}
                    aria-label={t('attendance.grid.summaryLabel', counts)}
                  >
                    <span style={{ color: token.colorSuccessText }}>
                      <CheckOutlined aria-hidden /> {counts.present}
                    </span>
                    <span style={{ color: token.colorErrorText, marginLeft: 10 }}>
                      <CloseOutlined aria-hidden /> {counts.absent}
                    </span>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "joined 12.03" / "left 20.03" when that happens inside the month shown. */
function StudentDates({ student, grid }: { student: AttendanceStudent; grid: AttendanceGrid }) {
  const { t } = useTranslation();
  const joined = student.created_date > grid.from && student.created_date <= grid.till;
  const left = student.left_date !== null && student.left_date <= grid.till;
  if (!joined && !left) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block' }}>
      {[
        joined ? t('attendance.grid.joined', { date: dayMonth(student.created_date) }) : null,
        left && student.left_date ? t('attendance.grid.left', { date: dayMonth(student.left_date) }) : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Typography.Text>
  );
}
