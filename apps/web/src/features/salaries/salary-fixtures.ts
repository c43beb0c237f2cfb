import type { Salary, SalaryDetail, SalaryList } from '@crm/contracts';
import { pageOf } from '../finance/finance-test-support';

/** A page (or a lazy chunk) renders slowly in jsdom on a busy machine: wait this long for its first content. */
export const FIRST_LOAD = { timeout: 8000 };

/** Salaries as the API answers them, for the page tests. */
export const aSalary = (overrides: Partial<Salary> = {}): Salary => ({
  id: 31,
  branch_id: 2,
  month: '2025-03',
  teacher: { id: 6, name: 'Kamola Ergasheva' },
  status: 'published',
  amount: 45_833,
  lesson_count: 11,
  student_count: 1,
  unsettled_groups: [],
  calculated_at: '2025-04-02T07:00:00.000Z',
  calculated_by: { id: 8, name: 'Bobur Karimov' },
  published_at: '2025-04-02T08:00:00.000Z',
  published_by: { id: 8, name: 'Bobur Karimov' },
  entry_id: 501,
  ...overrides,
});

export const aSalaryList = (data: Salary[], canManage = true): SalaryList => ({
  data,
  pagination: pageOf(data.length, data.length, 50),
  total: data.reduce((sum, s) => sum + s.amount, 0),
  can_manage: canManage,
});

export const aSalaryDetail = (overrides: Partial<Salary> = {}): SalaryDetail => ({
  ...aSalary(overrides),
  lines: [
    {
      base: 'per_student_month',
      group: { id: 4, title: 'English A' },
      student: { id: 11, name: 'Karimov Aziz' },
      lessons: ['2025-03-03', '2025-03-05', '2025-03-07'],
      held_lessons: 12,
      rate: 50_000,
      percent: null,
      payment: null,
      amount: 12_500,
    },
    {
      base: 'student_payment',
      group: { id: 4, title: 'English A' },
      student: { id: 12, name: 'Aliyev Bekzod' },
      lessons: ['2025-03-03'],
      held_lessons: 12,
      rate: null,
      percent: 40,
      payment: { entry_id: 77, amount: 600_000, date: '2025-03-05' },
      amount: 20_000,
    },
  ],
});
