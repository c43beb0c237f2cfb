import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { json, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { NewSalariesPage } from './new-salaries-page';
import { aSalary, aSalaryDetail, aSalaryList, FIRST_LOAD } from './salary-fixtures';

const draft = aSalary({ status: 'draft', published_at: null, published_by: null, entry_id: null });
const other = { ...draft, id: 32, teacher: { id: 9, name: 'Substitute' }, amount: 4_167 };
let list = aSalaryList([draft, other]);
let publishAnswer = () => json(200, aSalaryDetail());

const calls = stubMoneyApi(
  (call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/v1/salaries' && call.method === 'GET') return json(200, list);
    if (url.pathname === '/api/v1/salaries/calculate') return json(200, { data: list.data, published_kept: 0 });
    if (url.pathname.endsWith('/publish')) return publishAnswer();
    if (url.pathname === '/api/v1/company/1/teacher_salary_settings' && call.method === 'GET')
      return json(200, { data: [], teachers: [{ id: 6, name: 'Kamola Ergasheva' }], courses: [] });
    if (url.pathname === '/api/v1/company/1/teacher_salary_settings') return json(200, {});
    return undefined;
  },
  { roles: [Role.owner] },
);

/** The page, then a dialog or a drawer over it: two heavy renders in a row on a busy machine. */
const HEAVY = 2 * SLOW;

const posts = (suffix: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix));

describe('the new salaries page', () => {
  it(
    "calculates the branch's month and publishes one draft after asking, under an Idempotency-Key",
    async () => {
      renderAt(<NewSalariesPage />);
      fireEvent.click(await screen.findByRole('button', { name: /Calculate/ }, FIRST_LOAD));
      await waitFor(() => expect(posts('/salaries/calculate')).toHaveLength(1));
      // The owner works in his first branch (spec §6); last month by default.
      expect(posts('/salaries/calculate')[0]?.body).toEqual({
        branch_id: 1,
        month: todayIn().subtract(1, 'month').format('YYYY-MM'),
      });

      const row = screen.getByText('Kamola Ergasheva').closest('tr') as HTMLElement;
      fireEvent.click(within(row).getByRole('button', { name: 'Publish' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Publish the salary of Kamola Ergasheva: 45 833 UZS?')).toBeTruthy();
      expect(posts('/publish')).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(posts('/publish')).toHaveLength(1));
      const [publish] = posts('/publish');
      expect(publish?.url).toBe('/api/v1/salaries/31/publish');
      expect(publish?.body).toEqual({ method: 'cash' });
      expect(publish?.headers['Idempotency-Key']).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'publishes every draft with a key each, and names the ones refused',
    async () => {
      publishAnswer = () =>
        json(422, { error: { code: 'salary_publish_failed', message: 'x', details: { reason: 'stale' } } });
      renderAt(<NewSalariesPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'Publish all drafts' }, FIRST_LOAD));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Publish 2 drafts, 50 000 UZS in all?')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(posts('/publish')).toHaveLength(2));
      const keys = posts('/publish').map((c) => c.headers['Idempotency-Key']);
      expect(new Set(keys).size).toBe(2);
      expect(
        await within(dialog).findByText(/Kamola Ergasheva: The salary could not be published: recalculate it/),
      ).toBeTruthy();
      publishAnswer = () => json(200, aSalaryDetail());
    },
    HEAVY,
  );

  it(
    'adds the company default rule of pay from the rules drawer',
    async () => {
      renderAt(<NewSalariesPage />);
      fireEvent.click(await screen.findByRole('button', { name: /Rules of pay/ }, FIRST_LOAD));
      fireEvent.click(await screen.findByRole('button', { name: /Add a rule/ }));
      const sum = await screen.findByLabelText('Sum', undefined, FIRST_LOAD);
      // The owner's new rule is for every teacher and any course unless he names one.
      expect(screen.getByText('Every teacher (company default)')).toBeTruthy();
      expect(screen.getByText('Any course')).toBeTruthy();
      fireEvent.change(sum, { target: { value: '50000' } });
      fireEvent.click(within(sum.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(posts('/teacher_salary_settings')).toHaveLength(1));
      expect(posts('/teacher_salary_settings')[0]?.body).toEqual({
        teacher_id: null,
        course_id: null,
        type: 'fixed',
        base: 'per_student_month',
        amount: 50_000,
        percent: null,
      });
    },
    HEAVY,
  );

  it(
    'shows a reader the month without the buttons that change it',
    async () => {
      list = aSalaryList([draft], false);
      renderAt(<NewSalariesPage />);
      expect(await screen.findByText(/You can read salaries/, undefined, FIRST_LOAD)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Calculate/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    },
    HEAVY,
  );
});
