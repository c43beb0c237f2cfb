import {
  CheckSquareOutlined,
  EditOutlined,
  RollbackOutlined,
  StopOutlined,
  SwapOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { AttendanceGrid, Lesson } from '@crm/contracts';
import { Dropdown } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lessonLock, studentsOfLesson } from './attendance-model';
import { LessonFacts } from './lesson-text';

export type LessonAction = 'allPresent' | 'theme' | 'move' | 'teacher' | 'cancel' | 'restore';

/**
 * What the caller may do with a lesson's column. The grid's permissions come from the
 * server (can_mark, can_change_lessons), so a teacher sees "all present" and the theme
 * of the lessons he gives; staff also cancel, restore, move and replace the teacher.
 * A holiday has no actions. `teacherId`: as for `lessonLock`.
 */
export function availableActions(grid: AttendanceGrid, lesson: Lesson, teacherId: number | null): LessonAction[] {
  const actions: LessonAction[] = [];
  const lock = lessonLock(grid, lesson, teacherId);
  if (lock === null) actions.push('allPresent');
  const mayWrite = grid.can_change_lessons || (grid.can_mark && lock !== 'notYours');
  if (lesson.state === 'held' && mayWrite) actions.push('theme');
  if (grid.can_change_lessons) {
    if (lesson.state === 'held') actions.push('move', 'teacher', 'cancel');
    if (lesson.state === 'cancelled') actions.push('restore');
  }
  return actions;
}

/** The students of a lesson who have no mark yet: "all present" marks only them, never over an absence. */
export const unmarkedOf = (grid: AttendanceGrid, lesson: Lesson) =>
  studentsOfLesson(grid.students, lesson).filter((student) => student.marks[lesson.date] === undefined);

const ICONS: Record<LessonAction, ReactNode> = {
  allPresent: <CheckSquareOutlined />,
  theme: <EditOutlined />,
  move: <SwapOutlined />,
  teacher: <UserSwitchOutlined />,
  cancel: <StopOutlined />,
  restore: <RollbackOutlined />,
};

/** The column's menu: `children` (the header) opens it with a click or a tap. */
export function LessonMenu({
  grid,
  lesson,
  actions,
  onAction,
  withFacts = false,
  children,
}: {
  grid: AttendanceGrid;
  lesson: Lesson;
  actions: readonly LessonAction[];
  onAction: (action: LessonAction, lesson: Lesson) => void;
  /** Head the menu with the lesson's time, room, teacher, theme and reason (the grid's columns). */
  withFacts?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!actions.length) return children;
  const unmarked = unmarkedOf(grid, lesson).length;
  const anyMarked = studentsOfLesson(grid.students, lesson).length > unmarked;
  const items: ItemType[] = actions.map((action) => ({
    key: action,
    icon: ICONS[action],
    danger: action === 'cancel',
    disabled: action === 'allPresent' && unmarked === 0,
    label:
      action === 'allPresent' && anyMarked ? t('attendance.actions.restPresent') : t(`attendance.actions.${action}`),
    onClick: () => onAction(action, lesson),
  }));
  const menu: ItemType[] = withFacts
    ? [{ type: 'group', key: 'facts', label: <LessonFacts lesson={lesson} />, children: items }]
    : items;
  return (
    <Dropdown trigger={['click']} menu={{ items: menu }}>
      {children}
    </Dropdown>
  );
}
