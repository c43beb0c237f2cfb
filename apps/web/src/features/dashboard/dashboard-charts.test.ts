import { describe, expect, it } from 'vitest';
import { changeOf, sinceFirstFigures } from './dashboard-charts';

const months = (...students: number[]) =>
  students.map((active_students, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    active_students,
    payments: null,
  }));

describe('the twelve-month line', () => {
  it('starts at the first month with figures, keeping at least the last three', () => {
    expect(sinceFirstFigures(months(0, 0, 0, 0, 5, 7)).map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(sinceFirstFigures(months(0, 3, 4, 5, 6, 7)).map((m) => m.month)[0]).toBe('2026-02');
    expect(sinceFirstFigures(months(0, 0, 0))).toHaveLength(3);
  });

  it('gives the change from last month in percent, none after an empty month', () => {
    expect(changeOf(45, 40)).toBe(13);
    expect(changeOf(30, 40)).toBe(-25);
    expect(changeOf(10, 0)).toBeNull();
  });
});
