import type { GroupGrades } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { aGrid, aLesson } from '../attendance/attendance-fixtures';
import { gradeLock, scoresByStudent } from './grade-model';

const grid = aGrid({ today: '2025-03-11', now: '09:30' });
const answer = (policies: GroupGrades['policies'], grades: GroupGrades['grades'] = []): GroupGrades => ({
  group_id: 7,
  from: '2025-03-01',
  till: '2025-03-31',
  max_score: 5,
  grades,
  policies,
});
const open = answer({ grade: true, past_dates: false });

describe('gradeLock', () => {
  it("opens today's lesson once it has begun", () => {
    expect(gradeLock(grid, open, aLesson('2025-03-11'), null)).toBeNull();
    expect(gradeLock(grid, open, aLesson('2025-03-11', { start_time: '10:00' }), null)).toBe('future');
    expect(gradeLock(grid, open, aLesson('2025-03-13'), null)).toBe('future');
  });

  it('closes earlier lessons unless the settings allow past dates', () => {
    expect(gradeLock(grid, open, aLesson('2025-03-06'), null)).toBe('past');
    expect(gradeLock(grid, answer({ grade: true, past_dates: true }), aLesson('2025-03-06'), null)).toBeNull();
  });

  it("closes everything to a caller who may not grade, a lesson not held, and another teacher's lesson", () => {
    expect(gradeLock(grid, answer({ grade: false, past_dates: true }), aLesson('2025-03-11'), null)).toBe('readOnly');
    expect(gradeLock(grid, open, aLesson('2025-03-11', { state: 'cancelled' }), null)).toBe('notHeld');
    expect(gradeLock(grid, open, aLesson('2025-03-11'), 4)).toBeNull();
    expect(gradeLock(grid, open, aLesson('2025-03-11'), 9)).toBe('notYours');
  });
});

describe('scoresByStudent', () => {
  it("finds a student's score by day", () => {
    const grade = (student_id: number, date: string, score: number) => ({
      student_id,
      date,
      score,
      author: null,
      updated_at: '',
    });
    const scores = scoresByStudent(
      answer({ grade: true, past_dates: false }, [grade(1, '2025-03-11', 5), grade(2, '2025-03-11', 3)]),
    );
    expect(scores.get(1)?.get('2025-03-11')).toBe(5);
    expect(scores.get(2)?.get('2025-03-11')).toBe(3);
    expect(scores.get(1)?.get('2025-03-06')).toBeUndefined();
  });
});
