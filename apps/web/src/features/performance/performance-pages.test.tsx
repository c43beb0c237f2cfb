import {
  type CoursePerformance,
  type PerformanceFigures,
  Role,
  type StudentsActivity,
  type TeacherPerformance,
} from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, pageOf, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { CoursePerformancePage, ReportsPerformancePage, TeacherPerformancePage } from './performance-pages';
import { activityPeriod } from './students-activity';

vi.mock('../../shared/ui/chart', () => ({
  Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const figures = (overrides: Partial<PerformanceFigures> = {}): PerformanceFigures => ({
  groups: 2,
  active_at_start: 10,
  new_students: 4,
  left: 4,
  left_of_active: 3,
  moved_out: 1,
  active_at_end: 8,
  retention: 70,
  attendance: { present: 8, absent: 2, percent: 80 },
  conversion: { trials: 4, converted: 2, percent: 50 },
  income: 800_000,
  left_reasons: [
    { reason: { id: 1, name: 'Moved away' }, count: 2 },
    { reason: null, count: 2 },
  ],
  ...overrides,
});

const teachers: TeacherPerformance = {
  data: [
    { teacher: { id: 3, name: 'Aziza Teacher' }, ...figures() },
    {
      teacher: { id: 4, name: 'Bobur Teacher' },
      ...figures({
        groups: 1,
        active_at_start: 2,
        new_students: 0,
        left: 0,
        left_of_active: 0,
        moved_out: 0,
        active_at_end: 3,
        retention: 100,
        attendance: { present: 3, absent: 1, percent: 75 },
        conversion: { trials: 0, converted: 0, percent: null },
        income: 400_000,
        left_reasons: [],
      }),
    },
  ],
  total: figures({ groups: 3, active_at_start: 12, retention: 75, income: 1_200_000 }),
  policies: { income: true, export: true },
};
const courses: CoursePerformance = {
  data: [{ course: { id: 9, name: 'English · B1' }, ...figures({ income: null }) }],
  total: figures({ income: null }),
  policies: { income: false, export: true },
};
const activity: StudentsActivity = {
  months: [
    {
      month: '2026-02',
      from: '2026-02-10',
      till: '2026-02-28',
      active_at_start: 10,
      new_students: 0,
      converted: 0,
      left: 0,
      moved_out: 0,
      active_at_end: 10,
    },
    {
      month: '2026-03',
      from: '2026-03-01',
      till: '2026-03-31',
      active_at_start: 10,
      new_students: 4,
      converted: 2,
      left: 4,
      moved_out: 1,
      active_at_end: 8,
    },
  ],
  total: { active_at_start: 10, new_students: 4, converted: 2, left: 4, moved_out: 1, active_at_end: 8 },
};

let teacherAnswer: () => Response = () => json(200, teachers);

const calls = stubMoneyApi(
  (call) => {
    const { pathname } = new URL(call.url, 'http://x');
    if (pathname === '/api/v1/performance/teachers' || pathname === '/api/v1/reports/teachers/productivity')
      return teacherAnswer();
    if (pathname === '/api/v1/performance/courses') return json(200, courses);
    if (pathname === '/api/v1/reports/students/activity') return json(200, activity);
    if (pathname === '/api/v1/course' || pathname === '/api/v1/user')
      return json(200, { data: [], pagination: pageOf(0) });
    return undefined;
  },
  { roles: [Role.admin] },
);

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the teacher performance page', () => {
  it(
    'asks for this month in the session’s branch and shows each figure with what it is made of',
    async () => {
      teacherAnswer = () => json(200, teachers);
      renderAt(<TeacherPerformancePage />);
      const row = await rowOf('Aziza Teacher');
      expect(within(row).getByText('70%')).toBeTruthy();
      expect(within(row).getByText('7 of 10')).toBeTruthy();
      expect(within(row).getByText('80%')).toBeTruthy();
      expect(within(row).getByText('8 of 10')).toBeTruthy();
      expect(within(row).getByText('2 of 4')).toBeTruthy();
      expect(within(row).getByText('800 000 UZS')).toBeTruthy();
      expect(within(await rowOf('Bobur Teacher')).getByText('—')).toBeTruthy();
      const totals = screen.getByTestId('totals-row');
      expect(within(totals).getByText('1 200 000 UZS')).toBeTruthy();
      expect(within(totals).getByText('75%')).toBeTruthy();

      const asked = new URL(calls.find((c) => c.url.includes('/performance/teachers'))?.url ?? '', 'http://x');
      expect(asked.searchParams.get('branch_id')).toBe('2');
      expect(asked.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
      expect(screen.getByRole('button', { name: /Excel/ })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'explains a column on hover and sorts by it',
    async () => {
      teacherAnswer = () => json(200, teachers);
      renderAt(<TeacherPerformancePage />);
      await rowOf('Aziza Teacher');
      const [heading] = screen.getAllByText('Retention');
      if (!heading) throw new Error('no Retention heading');
      fireEvent.mouseEnter(heading);
      expect(await screen.findByText(/the share who did not leave/)).toBeTruthy();
      const names = () =>
        screen
          .getAllByRole('link')
          .map((link) => link.textContent)
          .filter((name) => name?.endsWith('Teacher'));
      expect(names()).toEqual(['Aziza Teacher', 'Bobur Teacher']);
      fireEvent.click(heading); // ascending: 70 % first
      fireEvent.click(heading); // descending: 100 % first
      await waitFor(() => expect(names()).toEqual(['Bobur Teacher', 'Aziza Teacher']));
    },
    SLOW,
  );

  it(
    'shows who left and why',
    async () => {
      teacherAnswer = () => json(200, teachers);
      renderAt(<TeacherPerformancePage />);
      await rowOf('Aziza Teacher');
      fireEvent.click(screen.getByRole('button', { name: 'Reasons for leaving: Aziza Teacher' }));
      expect(await screen.findByText('Moved away')).toBeTruthy();
      expect(screen.getByText('No reason given')).toBeTruthy();
      expect(screen.getByText('Of them paying at the start: 3')).toBeTruthy();
      expect(screen.getByText('Moved to another group: 1')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says so when no teacher had students',
    async () => {
      teacherAnswer = () => json(200, { ...teachers, data: [], total: figures({ left_reasons: [] }) });
      renderAt(<TeacherPerformancePage />);
      expect(await screen.findByText('No teacher had students in this period')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a refusal in words and tries again',
    async () => {
      teacherAnswer = () => json(403, { error: { code: 'branch_forbidden', message: 'x' } });
      renderAt(<TeacherPerformancePage />);
      expect((await screen.findByRole('alert')).textContent).toContain('You do not work in this branch.');
      teacherAnswer = () => json(200, teachers);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Aziza Teacher')).toBeTruthy();
    },
    SLOW,
  );
});

describe('the course performance page', () => {
  it(
    'hides the income column when the server says the user sees no money',
    async () => {
      renderAt(<CoursePerformancePage />);
      expect(await screen.findByText('English · B1')).toBeTruthy();
      expect(screen.getAllByRole('columnheader', { name: /Course/ }).length).toBeGreaterThan(0);
      expect(screen.queryByText('Income')).toBeNull();
      expect(screen.queryByText(/UZS/)).toBeNull();
    },
    SLOW,
  );
});

describe('the performance report', () => {
  it(
    'reads the reports calls and shows the students’ activity by month with its total',
    async () => {
      teacherAnswer = () => json(200, teachers);
      renderAt(<ReportsPerformancePage />);
      expect(await screen.findByText('Aziza Teacher')).toBeTruthy();
      expect(calls.some((c) => c.url.includes('/reports/teachers/productivity'))).toBe(true);
      fireEvent.click(screen.getByRole('tab', { name: "Students' activity" }));
      const totals = await screen.findByTestId('activity-totals');
      expect(within(totals).getByText('8')).toBeTruthy();
      expect(screen.getByRole('img', { name: /by month/ })).toBeTruthy();
      // This month alone is no trend: the activity asks for the six months up to it.
      const asked = new URL(calls.find((c) => c.url.includes('/students/activity'))?.url ?? '', 'http://x');
      expect(asked.searchParams.get('from')).not.toBe(
        new URL(calls.find((c) => c.url.includes('/productivity'))?.url ?? '', 'http://x').searchParams.get('from'),
      );
      expect(screen.getByText(/Last 6 months up to/)).toBeTruthy();
      // The activity has no Excel table of its own.
      expect(screen.queryByRole('button', { name: /Excel/ })).toBeNull();
    },
    SLOW,
  );
});

describe('the activity period', () => {
  const filters = { branch_id: 2, from: '2026-11-01', till: '2026-11-30' };
  it('widens a period inside one month to the six months up to it', () => {
    expect(activityPeriod(filters)).toEqual({ filters: { ...filters, from: '2026-06-01' }, widened: true });
    expect(activityPeriod({ ...filters, from: '2026-11-10', till: '2026-11-20' }).filters.from).toBe('2026-06-01');
  });
  it('keeps a range over several months as chosen', () => {
    const range = { ...filters, from: '2026-09-15' };
    expect(activityPeriod(range)).toEqual({ filters: range, widened: false });
  });
});
