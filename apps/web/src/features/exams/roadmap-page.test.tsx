import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { todayIn } from '../../test/session-fixtures';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { anExam, aRoadmap } from './exams-fixtures';
import { RoadmapPage } from './roadmap-page';

const allExams = () => [
  anExam({ id: 10, title: 'Entry test', date: '2025-03-03', state: 'done', results: { done: 3, of: 3 } }),
  anExam({ id: 11, title: 'Module 1 quiz', kind: 'online', date: '2025-03-05', state: 'overdue' }),
  anExam({ id: 12, group_id: 9, group_title: 'MATH-9', title: 'Fractions', date: '2025-03-20', module: null }),
];
let exams = allExams();

const calls = stubApi(({ url }) => {
  const address = new URL(url, 'http://x');
  if (address.pathname !== '/api/v1/roadmap') return json(404, { error: { code: 'not_found', message: url } });
  const state = address.searchParams.get('state');
  // The totals count every state; the list only the one asked for.
  return json(200, { ...aRoadmap(exams), data: exams.filter((exam) => !state || exam.state === state) });
});

/** The address as the page left it, to see the filters kept in it. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

const openRoadmap = (search = '') =>
  renderAt(
    `/roadmap${search}`,
    '/roadmap',
    <>
      <RoadmapPage />
      <Address />
    </>,
  );
const roadmapCalls = () => calls.filter((call) => call.url.startsWith('/api/v1/roadmap')).map((call) => call.url);

beforeEach(() => {
  onScreen('desktop');
  exams = allExams();
});

describe('the roadmap (/roadmap)', () => {
  it("opens on last, this and next month of the current branch's exams, in a table", async () => {
    openRoadmap();
    const row = (await screen.findByRole('link', { name: 'Fractions' })).closest('tr') as HTMLElement;
    const today = todayIn();
    const from = today.subtract(1, 'month').startOf('month').format('YYYY-MM-DD');
    const till = today.add(1, 'month').endOf('month').format('YYYY-MM-DD');
    expect(roadmapCalls()[0]).toBe(`/api/v1/roadmap?branch_id=2&from=${from}&till=${till}`);
    expect(within(row).getByRole('link', { name: 'Fractions' }).getAttribute('href')).toBe('/groups/9/exam/12');
    expect(within(row).getByRole('link', { name: 'MATH-9' }).getAttribute('href')).toBe('/groups/9');
    expect(within(row).getByText('20.03.2025')).toBeTruthy();
    expect(within(row).getByText('0 / 3')).toBeTruthy();
    expect(within(row).getByText('Due')).toBeTruthy();
  });

  it('filters by state through the address, with every state counted', async () => {
    openRoadmap('?from=2025-03-01&till=2025-03-31&state=overdue');
    await screen.findByRole('link', { name: 'Module 1 quiz' });
    expect(roadmapCalls()[0]).toBe('/api/v1/roadmap?branch_id=2&from=2025-03-01&till=2025-03-31&state=overdue');
    expect(screen.queryByRole('link', { name: 'Fractions' })).toBeNull();
    expect(screen.getByText('Done').parentElement?.textContent).toBe('Done 1');

    fireEvent.click(screen.getByText('Done'));
    await screen.findByRole('link', { name: 'Entry test' });
    expect(screen.getByTestId('address').textContent).toBe('?from=2025-03-01&till=2025-03-31&state=done');
    expect(roadmapCalls().at(-1)).toBe('/api/v1/roadmap?branch_id=2&from=2025-03-01&till=2025-03-31&state=done');

    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?from=2025-03-01&till=2025-03-31'));
    expect(await screen.findByRole('link', { name: 'Fractions' })).toBeTruthy();
  });

  it('shows cards on a phone, and says when a period has no exams', async () => {
    onScreen('phone');
    openRoadmap('?from=2025-03-01&till=2025-03-31&state=done');
    const card = (await screen.findByRole('link', { name: 'Entry test' })).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Results: 3 of 3')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
    exams = [];
    fireEvent.click(screen.getByText('Overdue'));
    expect(await screen.findByText('No exams in this period')).toBeTruthy();
  });
});
