import { type AttendanceGrid, Role, type RoleId } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { onScreen } from '../../test/screen-width';
import { aUser } from '../../test/session-fixtures';
import { aGrid, aGroupOfGrid } from './attendance-fixtures';
import { GroupAttendance } from './group-attendance';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const refusal = (status: number, code: string, details?: unknown) =>
  json(status, { error: { code, message: code, details } });

let grid: AttendanceGrid;
let answer: (method: string, url: string) => Response | undefined;
let calls: { method: string; url: string; body: unknown }[] = [];

function renderTab(focusDate: string | null = null, roles: RoleId[] = [Role.admin]) {
  storeUser(aUser(roles), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <GroupAttendance group={aGroupOfGrid()} focusDate={focusDate} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const post = (path: string) => calls.filter((c) => c.method === 'POST' && c.url === `/api/v1${path}`);

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  // The browser's clock agrees with the company's day of the fixture (11 March 2025).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 11, 9, 30));
  grid = aGrid();
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answered = answer(method, url);
      if (answered) return answered;
      // Marks are kept, as the server keeps them, so the grid fetched again after a mark shows it.
      const body = calls.at(-1)?.body as { student_id: number; date: string; status: 0 | 1 } | undefined;
      if (method === 'POST' && url === '/api/v1/attendance' && body) {
        const student = grid.students.find((s) => s.id === body.student_id);
        if (student) student.marks = { ...student.marks, [body.date]: body.status };
        return json(200, body);
      }
      const deleted = url.match(/^\/api\/v1\/attendance\/(\d+)\/7\/([\d-]+)\/delete$/);
      if (method === 'DELETE' && deleted) {
        const student = grid.students.find((s) => s.id === Number(deleted[1]));
        if (student) delete student.marks[deleted[2] as string];
        return json(200, { ok: true });
      }
      if (url.startsWith('/api/v1/group/7/attendance/')) return json(200, grid);
      // No grades in these tests (features/grades/attendance-grades.test.tsx gives them).
      if (url.startsWith('/api/v1/group/7/grades/'))
        return json(200, { max_score: 5, grades: [], policies: { grade: false, past_dates: false } });
      if (url.startsWith('/api/v1/room'))
        return json(200, { data: [{ id: 5, name: 'Room 101', capacity: 12, branch_id: 2 }], pagination: {} });
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

describe('the month grid (desktop)', () => {
  beforeEach(() => onScreen('desktop'));

  it('shows students × lessons with their marks, shaded days and the month summary', async () => {
    renderTab();
    expect(await screen.findByLabelText('Ali Valiyev, 04.03: Present')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/group/7/attendance/2025-03-01/2025-03-31?withAttendance=1');
    expect(screen.getByLabelText('Ali Valiyev, 03.03: Absent')).toBeTruthy();
    expect(screen.getByLabelText('Ali Valiyev, 11.03: Not marked')).toBeTruthy();
    // Before joining and after leaving: not applicable, not a cell to mark.
    expect(screen.getByLabelText('Bobur Karimov, 04.03: not in the group')).toBeTruthy();
    expect(screen.getByLabelText('Dilnoza Saidova, 11.03: not in the group')).toBeTruthy();
    // The moved lesson says where it came from; the holiday is named.
    expect(screen.getByText('↪ 01.03')).toBeTruthy();
    expect(screen.getByText("Women's Day")).toBeTruthy();
    expect(screen.getByLabelText('Present 1, absent 1')).toBeTruthy();
    // A lesson that has not begun cannot be marked yet.
    expect((screen.getByLabelText('Ali Valiyev, 13.03: Not marked') as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes a cancelled lesson a greyed column without cells to click', async () => {
    renderTab();
    await screen.findByLabelText('Ali Valiyev, 04.03: Present');
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryAllByLabelText(/, 06\.03: /)).toHaveLength(0);
    expect(screen.queryAllByLabelText(/, 08\.03: /)).toHaveLength(0);
  });

  it('marks a cell at once and posts the mark; the next click makes it absent, the one after clears it', async () => {
    renderTab();
    fireEvent.click(await screen.findByLabelText('Ali Valiyev, 11.03: Not marked'));
    expect(await screen.findByLabelText('Ali Valiyev, 11.03: Present')).toBeTruthy();
    await waitFor(() =>
      expect(post('/attendance').map((c) => c.body)).toEqual([
        { student_id: 101, group_id: 7, date: '2025-03-11', status: 1 },
      ]),
    );
    fireEvent.click(screen.getByLabelText('Ali Valiyev, 04.03: Present'));
    await waitFor(() =>
      expect(post('/attendance').at(-1)?.body).toEqual({ student_id: 101, group_id: 7, date: '2025-03-04', status: 0 }),
    );
    fireEvent.click(screen.getByLabelText('Ali Valiyev, 03.03: Absent'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/attendance/101/7/2025-03-03/delete')).toBe(
        true,
      ),
    );
  });

  it('puts the mark back and says why when the server refuses it', async () => {
    answer = (method) => (method === 'POST' ? refusal(422, 'student_not_in_group_on_date') : undefined);
    renderTab();
    fireEvent.click(await screen.findByLabelText('Ali Valiyev, 11.03: Not marked'));
    expect(await screen.findByText('The student was not in the group on that date.')).toBeTruthy();
    expect(await screen.findByLabelText('Ali Valiyev, 11.03: Not marked')).toBeTruthy();
  });

  it('says why a teacher was refused rather than only "Forbidden"', async () => {
    answer = (method) => (method === 'POST' ? refusal(403, 'attendance_outside_lesson') : undefined);
    renderTab();
    fireEvent.click(await screen.findByLabelText('Ali Valiyev, 11.03: Not marked'));
    expect(await screen.findByText('A teacher may mark attendance only during the lesson.')).toBeTruthy();
    expect(await screen.findByLabelText('Ali Valiyev, 11.03: Not marked')).toBeTruthy();
  });

  it('cancels a lesson only with a reason, from the column menu', async () => {
    renderTab();
    await screen.findByLabelText('Ali Valiyev, 04.03: Present');
    fireEvent.click(screen.getByLabelText('Lesson Tue 11.03: details and actions'));
    fireEvent.click(await screen.findByText('Cancel the lesson'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the lesson' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(post('/canceled-lesson')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Teacher is ill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the lesson' }));
    await waitFor(() =>
      expect(post('/canceled-lesson').map((c) => c.body)).toEqual([
        { group_id: 7, date: '2025-03-11', reason: 'Teacher is ill' },
      ]),
    );
  });

  it('names the group that holds the slot when a move would collide', async () => {
    answer = (method, url) =>
      method === 'POST' && url === '/api/v1/lesson/transfer'
        ? refusal(409, 'schedule_conflict', {
            conflicts: [
              {
                group_id: 9,
                title: 'IELTS Evening',
                reason: 'room',
                reasons: ['room'],
                day_type: 'odd',
                start_time: '09:00',
                end_time: '10:30',
              },
            ],
          })
        : undefined;
    renderTab();
    await screen.findByLabelText('Ali Valiyev, 04.03: Present');
    fireEvent.click(screen.getByLabelText('Lesson Thu 13.03: details and actions'));
    fireEvent.click(await screen.findByText('Move the lesson'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move the lesson' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('«IELTS Evening» (same room, 09:00–10:30)');
    expect(post('/lesson/transfer')[0]?.body).toEqual({
      group_id: 7,
      date: '2025-03-13',
      to_date: '2025-03-13',
      start_time: '09:00',
      end_time: '10:30',
      room_id: 5,
    });
  });

  it('tells a teacher that marking is open only during the lesson and locks the other days', async () => {
    grid = aGrid({ only_during_lesson: true, can_change_lessons: false });
    renderTab();
    expect(await screen.findByText(/only while the lesson is going on/)).toBeTruthy();
    expect((screen.getByLabelText('Ali Valiyev, 04.03: Present') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Ali Valiyev, 11.03: Not marked') as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps a teacher to the lessons he gives: a substitute's lesson is locked for him", async () => {
    // The session's user (id 7) teaches the group; Anvar (id 4) substituted on the 4th.
    grid = aGrid({ can_change_lessons: false });
    grid.lessons = grid.lessons.map((lesson) =>
      lesson.date === '2025-03-04' ? lesson : { ...lesson, teacher: { id: 7, name: 'Aziza Karimova' } },
    );
    renderTab(null, [Role.teacher]);
    const substituted = (await screen.findByLabelText('Ali Valiyev, 04.03: Present')) as HTMLButtonElement;
    expect(substituted.disabled).toBe(true);
    expect(substituted.title).toBe('Anvar Karimov gives this lesson: only that teacher marks it.');
    expect((screen.getByLabelText('Ali Valiyev, 11.03: Not marked') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Lesson Tue 11.03: details and actions'));
    expect(await screen.findByText('Set the theme')).toBeTruthy();
    expect(screen.queryByText('Cancel the lesson')).toBeNull();
  });

  it('says so when the month has no lessons', async () => {
    grid = aGrid({ lessons: [] });
    renderTab();
    expect(await screen.findByText('No lessons this month')).toBeTruthy();
  });
});

describe('the roll call (phone)', () => {
  beforeEach(() => onScreen('phone'));

  it("opens on today's lesson with its students and big present / absent buttons", async () => {
    renderTab();
    expect(await screen.findByText('Tue 11.03')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Students of the lesson 11.03' });
    // Dilnoza left on the 10th: not in this lesson.
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Marked 0 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bobur Karimov: Absent' }));
    await waitFor(() =>
      expect(post('/attendance').map((c) => c.body)).toEqual([
        { student_id: 102, group_id: 7, date: '2025-03-11', status: 0 },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Bobur Karimov: Absent' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('marks the rest present without overwriting an absence', async () => {
    grid = aGrid();
    const bobur = grid.students[1];
    if (bobur) bobur.marks = { '2025-03-11': 0 };
    answer = (method, url) =>
      method === 'POST' && url === '/api/v1/attendance/lesson' ? json(200, { marked: 1 }) : undefined;
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: /Mark the rest present/ }));
    await waitFor(() =>
      expect(post('/attendance/lesson').map((c) => c.body)).toEqual([
        { group_id: 7, date: '2025-03-11', status: 1, student_ids: [101] },
      ]),
    );
    expect(await screen.findByText('Marked present: 1')).toBeTruthy();
  });

  it('opens the lesson a link asks for, and steps to the next one', async () => {
    renderTab('2025-03-06');
    expect(await screen.findByText('Thu 06.03')).toBeTruthy();
    expect(screen.getByText('Teacher is ill')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next lesson' }));
    expect(await screen.findByText('Sat 08.03')).toBeTruthy();
  });
});
