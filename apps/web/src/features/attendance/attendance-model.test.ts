import { describe, expect, it } from 'vitest';
import { aGrid, aLesson } from './attendance-fixtures';
import {
  focusLessonIndex,
  hasStarted,
  inGroupOn,
  lessonLock,
  markCounts,
  monthRange,
  nextMark,
  shiftMonth,
  showsTime,
} from './attendance-model';

describe('attendance model', () => {
  it('asks for whole calendar months, leap years included', () => {
    expect(monthRange('2025-03')).toEqual({ from: '2025-03-01', till: '2025-03-31' });
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', till: '2024-02-29' });
    expect(monthRange('2025-02')).toEqual({ from: '2025-02-01', till: '2025-02-28' });
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
  });

  it('cycles a cell: not marked → present → absent → not marked', () => {
    expect(nextMark(undefined)).toBe(1);
    expect(nextMark(1)).toBe(0);
    expect(nextMark(0)).toBeUndefined();
  });

  it('counts a student in the group from the day he joined through the day he left', () => {
    const student = { created_date: '2025-03-05', left_date: '2025-03-20' };
    expect(inGroupOn(student, '2025-03-04')).toBe(false);
    expect(inGroupOn(student, '2025-03-05')).toBe(true);
    expect(inGroupOn(student, '2025-03-20')).toBe(true);
    expect(inGroupOn(student, '2025-03-21')).toBe(false);
    expect(inGroupOn({ created_date: '2025-03-05', left_date: null }, '2030-01-01')).toBe(true);
  });

  it('opens a lesson for marking when it begins, in the company time', () => {
    const lesson = aLesson('2025-03-11');
    expect(hasStarted(lesson, '2025-03-11', '08:59')).toBe(false);
    expect(hasStarted(lesson, '2025-03-11', '09:00')).toBe(true);
    expect(hasStarted(lesson, '2025-03-12', '00:00')).toBe(true);
    expect(hasStarted(lesson, '2025-03-10', '23:59')).toBe(false);
  });

  it('locks what the server would refuse', () => {
    const grid = aGrid();
    expect(lessonLock(grid, aLesson('2025-03-04'))).toBeNull();
    expect(lessonLock(grid, aLesson('2025-03-06', { state: 'cancelled' }))).toBe('notHeld');
    expect(lessonLock(grid, aLesson('2025-03-13'))).toBe('future');
    expect(lessonLock({ ...grid, can_mark: false }, aLesson('2025-03-04'))).toBe('readOnly');
    // A teacher with the "only during the lesson" setting: the lesson going on is open, an earlier one is not.
    const teacher = { ...grid, only_during_lesson: true };
    expect(lessonLock(teacher, aLesson('2025-03-11'))).toBeNull();
    expect(lessonLock(teacher, aLesson('2025-03-04'))).toBe('outsideLesson');
    expect(lessonLock({ ...teacher, now: '10:30' }, aLesson('2025-03-11'))).toBeNull();
    expect(lessonLock({ ...teacher, now: '10:31' }, aLesson('2025-03-11'))).toBe('outsideLesson');
    // A substitute gives this lesson: its regular teacher may not mark it.
    expect(lessonLock(grid, aLesson('2025-03-04'), 99)).toBe('notYours');
    expect(lessonLock(grid, aLesson('2025-03-04'), 4)).toBeNull();
  });

  it("puts the lesson the teacher is in first: the one asked for, today's, the next, else the last", () => {
    const { lessons } = aGrid();
    expect(lessons[focusLessonIndex(lessons, '2025-03-11', '09:30')]?.date).toBe('2025-03-11');
    expect(lessons[focusLessonIndex(lessons, '2025-03-11', '09:30', '2025-03-04')]?.date).toBe('2025-03-04');
    // A cancelled day asked for is still shown (so it can be restored).
    expect(lessons[focusLessonIndex(lessons, '2025-03-11', '09:30', '2025-03-06')]?.date).toBe('2025-03-06');
    expect(lessons[focusLessonIndex(lessons, '2025-03-12', '09:30')]?.date).toBe('2025-03-13');
    expect(lessons[focusLessonIndex(lessons, '2025-03-31', '09:30')]?.date).toBe('2025-03-13');
    // A holiday or cancelled day is never chosen by itself.
    expect(lessons[focusLessonIndex(lessons, '2025-03-07', '12:00')]?.date).toBe('2025-03-11');
    expect(focusLessonIndex([], '2025-03-11', '09:30')).toBe(-1);
  });

  it('sums the marks of held lessons only', () => {
    const grid = aGrid();
    const [ali] = grid.students;
    expect(ali && markCounts(ali, grid.lessons)).toEqual({ present: 1, absent: 1 });
  });

  it('writes the time under a lesson only when it is not the usual one', () => {
    const usual = { start_time: '09:00', end_time: '10:30' };
    const [moved, regular] = aGrid().lessons;
    expect(moved && showsTime(moved, usual)).toBe(true);
    expect(regular && showsTime(regular, usual)).toBe(false);
  });
});
