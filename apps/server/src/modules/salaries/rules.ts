import type { SalaryBase, SalaryType } from '@crm/contracts';

/** A rule of pay as the calculation reads it (db teacher_salary_settings). */
export interface SalaryRule {
  id: number;
  /** Null: the company default. */
  teacherId: number | null;
  /** Null: any course. */
  courseId: number | null;
  type: SalaryType;
  base: SalaryBase;
  /** Fixed types: minor units. */
  amount: number | null;
  /** Percentage: hundredths of a percent. */
  percentBp: number | null;
}

/**
 * The rule for a teacher's group of a course: the most specific one wins — his rule for
 * that course, his rule for any course, the company's rule for that course, the company default.
 */
export function ruleFor(rules: readonly SalaryRule[], teacherId: number, courseId: number): SalaryRule | undefined {
  const find = (teacher: number | null, course: number | null) =>
    rules.find((r) => r.teacherId === teacher && r.courseId === course);
  return find(teacherId, courseId) ?? find(teacherId, null) ?? find(null, courseId) ?? find(null, null);
}

/** Hundredths of a percent to a percent (4000 → 40, 1250 → 12.5). */
export const percentOf = (bp: number | null): number | null => (bp === null ? null : bp / 100);

/** A percent to hundredths (contracts percentSchema allows two decimals). */
export const basisPointsOf = (percent: number): number => Math.round(percent * 100);
