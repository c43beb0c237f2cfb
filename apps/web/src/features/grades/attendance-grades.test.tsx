import { type GroupGrades, Role, type RoleId } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { onScreen } from '../../test/screen-width';
import { aUser } from '../../test/session-fixtures';
import { aGrid, aGroupOfGrid } from '../attendance/attendance-fixtures';
import { GroupAttendance } from '../attendance/group-attendance';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let grades: GroupGrades;
let puts: unknown[] = [];
let refuseNext: string | null = null;

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 11, 9, 30));
  // A phone: the tab opens on the roll call of today's lesson.
  onScreen('phone');
  puts = [];
  refuseNext = null;
  grades = {
    group_id: 7,
    from: '2025-03-01',
    till: '2025-03-31',
    max_score: 5,
    grades: [],
    policies: { grade: true, past_dates: false },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/v1/group/7/attendance/')) return json(200, aGrid());
      if (url.startsWith('/api/v1/group/7/grades/')) return json(200, grades);
      if (url === '/api/v1/grade' && init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { student_id: number; date: string; score: number | null };
        puts.push(body);
        if (refuseNext) return json(422, { error: { code: refuseNext, message: refuseNext } });
        const others = grades.grades.filter((g) => !(g.student_id === body.student_id && g.date === body.date));
        grades = {
          ...grades,
          grades:
            body.score === null
              ? others
              : [
                  ...others,
                  { student_id: body.student_id, date: body.date, score: body.score, author: null, updated_at: '' },
                ],
        };
        return json(200, { group_id: 7, ...body });
      }
      return json(200, {});
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTab(roles: RoleId[]) {
  storeUser(aUser(roles), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <GroupAttendance group={aGroupOfGrid()} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("grading from the roll call of today's lesson", () => {
  it('gives a grade with one tap, and takes it back with a second', async () => {
    renderTab([Role.admin]);
    const four = await screen.findByRole('button', { name: '4 for Ali Valiyev' });
    fireEvent.click(four);
    await waitFor(() => expect(puts).toEqual([{ group_id: 7, student_id: 101, date: '2025-03-11', score: 4 }]));
    await waitFor(() => expect(four.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(four);
    await waitFor(() => expect(puts.at(-1)).toEqual({ group_id: 7, student_id: 101, date: '2025-03-11', score: null }));
    await waitFor(() => expect(four.getAttribute('aria-pressed')).toBe('false'));
  });

  it('puts the grade back and says why when the server refuses it', async () => {
    refuseNext = 'grading_past_closed';
    renderTab([Role.admin]);
    const five = await screen.findByRole('button', { name: '5 for Bobur Karimov' });
    fireEvent.click(five);
    expect(await screen.findByText(/the grade settings do not allow earlier days/)).toBeTruthy();
    await waitFor(() => expect(five.getAttribute('aria-pressed')).toBe('false'));
  });

  it('shows a grade without the scores to whoever may not grade', async () => {
    grades = {
      ...grades,
      policies: { grade: false, past_dates: false },
      grades: [{ student_id: 101, date: '2025-03-11', score: 3, author: null, updated_at: '' }],
    };
    renderTab([Role.admin]);
    const list = await screen.findByRole('list', { name: 'Students of the lesson 11.03' });
    expect(within(list).getByText('3 / 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4 for Ali Valiyev' })).toBeNull();
  });
});
