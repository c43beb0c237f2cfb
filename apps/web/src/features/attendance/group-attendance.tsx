import { type AttendanceStudent, type Group, type Lesson, Role, STAFF_ROLES } from '@crm/contracts';
import { Alert, App, Button, Empty, Flex, Grid, Segmented, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { useGrading } from '../grades/use-grading';
import { useAttendanceGrid, useLessonChanges, useMarkAttendance, useMarkLesson } from './attendance-api';
import { AttendanceMonthGrid } from './attendance-grid';
import { focusLessonIndex, type Mark, monthOf, monthRange } from './attendance-model';
import { availableActions, type LessonAction, unmarkedOf } from './lesson-actions';
import { type LessonDialog, LessonDialogs } from './lesson-dialogs';
import { LessonRoll } from './lesson-roll';
import { lessonDayText } from './lesson-text';
import { MonthStepper } from './month-stepper';
import { OfflineMarksPanel } from './offline-marks-panel';
import { refusalText } from './refusals';
import { useLockText } from './use-lock-text';
import { useOfflineMarks, withWaitingMarks } from './use-offline-marks';

type View = 'lesson' | 'month';

/**
 * The group page's Attendance tab (spec §2 attendance screen, §3 Attendance): a month
 * of lessons × students. On a phone it opens as a roll call of the current lesson;
 * the whole month is one switch away.
 */
export function GroupAttendance({ group, focusDate }: { group: Group; focusDate?: string | null }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  // Null: the company's current month (known once the grid says what "today" is there).
  const [chosenMonth, setChosenMonth] = useState<string | null>(focusDate ? monthOf(focusDate) : null);
  const month = chosenMonth ?? monthOf(companyToday());
  const { from, till } = monthRange(month);
  const [view, setView] = useState<View | null>(null);
  const [selectedDate, setSelectedDate] = useState<string | null>(focusDate ?? null);
  const [dialog, setDialog] = useState<LessonDialog | null>(null);
  // Another lesson card opened while this tab is shown: go to its lesson.
  const [linkedDate, setLinkedDate] = useState(focusDate);
  if (focusDate !== linkedDate) {
    setLinkedDate(focusDate);
    if (focusDate) {
      setChosenMonth(monthOf(focusDate));
      setSelectedDate(focusDate);
    }
  }
  const grid = useAttendanceGrid(group.id, from, till);
  const markCell = useMarkAttendance(group.id, from, till);
  const offline = useOfflineMarks();
  const markLesson = useMarkLesson(group.id);
  const { restore } = useLessonChanges(group.id);
  const teacherId = useOwnLessonsOnly();
  const lockText = useLockText(grid.data, teacherId);
  const grading = useGrading(group.id, grid.data, from, till, teacherId);
  const shownView: View = view ?? (narrow ? 'lesson' : 'month');

  // Arriving from the home page's lesson card on a phone: the roll call, not the group's details, fills the screen.
  const top = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  const loaded = grid.data !== undefined;
  useEffect(() => {
    if (!loaded || !focusDate || !narrow || scrolled.current) return;
    scrolled.current = true;
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, focusDate, narrow]);

  // The browser's month may differ from the company's near midnight: follow the company's.
  const gridToday = grid.data?.today;
  useEffect(() => {
    if (chosenMonth === null && gridToday && monthOf(gridToday) !== month) setChosenMonth(monthOf(gridToday));
  }, [chosenMonth, gridToday, month]);

  const goToMonth = (next: string) => {
    setChosenMonth(next);
    setSelectedDate(null);
  };

  const refusal = (error: unknown) => {
    const text = refusalText(t, error);
    if (text) message.error(text);
  };
  const actionsOf = (lesson: Lesson) => (grid.data ? availableActions(grid.data, lesson, teacherId) : []);

  const mark = (student: AttendanceStudent, lesson: Lesson, next: Mark) =>
    markCell.mutate({ student_id: student.id, date: lesson.date, status: next }, { onError: refusal });

  const act = (action: LessonAction, lesson: Lesson) => {
    if (action === 'allPresent') {
      // Offline, each student's mark waits on the phone like a tap on him would (issue 24).
      if (!offline.online && data) {
        for (const student of unmarkedOf(data, lesson)) mark(student, lesson, 1);
        return;
      }
      const students = grid.data ? unmarkedOf(grid.data, lesson).map((student) => student.id) : [];
      markLesson.mutate(
        { date: lesson.date, status: 1, student_ids: students },
        {
          onSuccess: ({ marked }) => void message.success(t('attendance.allPresentDone', { count: marked })),
          onError: refusal,
        },
      );
    } else if (action === 'restore') {
      modal.confirm({
        title: t('attendance.restore.title', { day: lessonDayText(t, lesson) }),
        content: t('attendance.restore.text'),
        okText: t('attendance.actions.restore'),
        cancelText: t('common.cancel'),
        onOk: () =>
          restore
            .mutateAsync({ date: lesson.date })
            .then(() => void message.success(t('attendance.restore.done')), refusal),
      });
    } else {
      setDialog({ kind: action, lesson });
    }
  };

  // Marks made offline are drawn in while they wait, so the roll shows what the teacher tapped (issue 24).
  const data = grid.data && withWaitingMarks(grid.data, offline.waiting);
  const lessons = data?.lessons ?? [];
  const selectedIndex = selectedDate ? lessons.findIndex((lesson) => lesson.date === selectedDate) : -1;
  const focusIndex = data
    ? selectedIndex >= 0
      ? selectedIndex
      : focusLessonIndex(lessons, data.today, data.now, focusDate)
    : -1;

  const body = () => {
    if (grid.isError) {
      if (isHandledGlobally(grid.error)) return null;
      return (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, grid.error)}
          action={<Button onClick={() => void grid.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (!lessons.length) return <Empty description={t('attendance.empty.noLessons')} />;
    if (!data.students.length) return <Empty description={t('attendance.empty.noStudents')} />;
    if (shownView === 'lesson') {
      return (
        <LessonRoll
          grid={data}
          index={focusIndex}
          onSelect={(index) => setSelectedDate(lessons[index]?.date ?? null)}
          onMark={mark}
          onAction={act}
          actionsOf={actionsOf}
          lockOf={lockText}
          grading={grading}
        />
      );
    }
    return (
      <AttendanceMonthGrid
        grid={data}
        usual={group}
        focusDate={lessons[focusIndex]?.date ?? null}
        large={narrow}
        onMark={mark}
        onAction={act}
        actionsOf={actionsOf}
        lockOf={lockText}
        grading={grading}
      />
    );
  };

  return (
    <Flex vertical gap={12} ref={top} style={{ scrollMarginTop: 72 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <MonthStepper month={month} onChange={goToMonth} />
        <Segmented<View>
          value={shownView}
          onChange={setView}
          options={[
            { value: 'lesson', label: t('attendance.view.lesson') },
            { value: 'month', label: t('attendance.view.month') },
          ]}
        />
      </Flex>
      <OfflineMarksPanel offline={offline} />
      {data?.only_during_lesson && <Alert type="info" showIcon title={t('attendance.hint.onlyDuringLesson')} />}
      {body()}
      <LessonDialogs dialog={dialog} group={group} onClose={() => setDialog(null)} />
    </Flex>
  );
}

/**
 * The caller's id when he is only a teacher: he marks and sets themes only in the
 * lessons he gives (spec §6; a substitute's lesson is the substitute's). Null for staff.
 */
function useOwnLessonsOnly(): number | null {
  const { user } = useSession();
  if (!user) return null;
  const roles = roleIdsOf(user);
  const seesBranch = roles.some((role) => STAFF_ROLES.includes(role) || role === Role.cashier);
  return !seesBranch && roles.includes(Role.teacher) ? user.id : null;
}
