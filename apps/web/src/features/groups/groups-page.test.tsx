import { type Group, Role, type RoleId } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aGroup } from '../../test/group-fixtures';
import { aUser } from '../../test/session-fixtures';
import { conflictText } from './group-form-modal';
import { GroupsPage } from './groups-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const page = (data: unknown[]) => ({
  data,
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 20, total: data.length, total_pages: 1 },
});

let groups: Group[] = [];
let onPut: () => Response;
let calls: { method: string; url: string; body: unknown }[] = [];

function renderPage(roles: RoleId[] = [Role.admin]) {
  storeUser(aUser(roles), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <GroupsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  groups = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'PUT') return onPut();
      if (url.startsWith('/api/v1/group')) return json(200, page(groups));
      if (url.startsWith('/api/v1/course')) return json(200, page([]));
      if (url.startsWith('/api/v1/room'))
        return json(200, page([{ id: 5, name: 'Room 101', capacity: 12, branch_id: 2 }]));
      return json(200, page([]));
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('GroupsPage', () => {
  it("lists the branch's groups with badges and the room's capacity, warning when full", async () => {
    groups = [
      aGroup({ badges: { is_new: true, starts_in_days: null, days_left: null, expired: false } }),
      aGroup({
        id: 8,
        title: 'IELTS Evening',
        capacity: { students: 12, capacity: 12, full: true },
        badges: { is_new: false, starts_in_days: null, days_left: 4, expired: false },
      }),
      aGroup({
        id: 9,
        title: 'Old group',
        badges: { is_new: false, starts_in_days: null, days_left: null, expired: true },
      }),
    ];
    renderPage();
    expect(await screen.findByText('IELTS Evening')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByText('4 d left')).toBeTruthy();
    expect(screen.getAllByText('Mon, Wed, Fri')).toHaveLength(3);
    expect(screen.getAllByText('09:00–10:30')).toHaveLength(3);
    expect(screen.getByLabelText('12 / 12, The room is full')).toBeTruthy();
    // Spec §4: an expired group prompts archiving.
    expect(screen.getByText('These groups have ended; archive them: Old group')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/v1/group?branch_id=2&page=1&per_page=20');
  });

  it('sends the chosen filters and starts again at page one', async () => {
    groups = [aGroup()];
    renderPage();
    await screen.findByText('ENG-7');
    const search = screen.getByLabelText('Title, code or course');
    fireEvent.change(search, { target: { value: 'ielts' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.some((c) => c.url.includes('name=ielts'))).toBe(true));
  });

  it('names the group that holds the room and teacher once when a change would collide', async () => {
    groups = [aGroup()];
    onPut = () =>
      json(409, {
        error: {
          code: 'schedule_conflict',
          message: 'The time, room or teacher is already occupied by a group.',
          details: {
            conflicts: [
              {
                group_id: 3,
                title: 'Kids Morning',
                reason: 'room',
                reasons: ['room', 'teacher'],
                day_type: 'odd',
                start_time: '09:30',
                end_time: '11:00',
              },
            ],
          },
        },
      });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit group ENG-7' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      'The time, room or teacher is already occupied by a group: «Kids Morning» (same room, same teacher, 09:30–11:00)',
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/group/7');
    expect(put?.body).toMatchObject({
      course_id: 3,
      teacher_id: 4,
      room_id: 5,
      start_time: '09:00',
      end_time: '10:30',
    });
  });

  it('lets a teacher read his groups without adding, editing or the staff filters', async () => {
    groups = [aGroup()];
    renderPage([Role.teacher]);
    expect(await screen.findByText('ENG-7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add group/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit group ENG-7' })).toBeNull();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
    expect(calls.every((c) => c.url.startsWith('/api/v1/group'))).toBe(true);
  });
});

describe('conflictText', () => {
  const conflict = { group_id: 3, title: 'X', day_type: 'odd' as const, start_time: '20:00', end_time: '21:30' };

  it('names each group once with all its reasons, and reads an answer with only `reason`', () => {
    const t = i18n.t.bind(i18n);
    expect(
      conflictText(t, [
        { ...conflict, reason: 'room', reasons: ['room', 'teacher'] },
        { ...conflict, group_id: 4, title: 'Y', reason: 'teacher', reasons: ['teacher'] },
      ]),
    ).toBe(
      'The time, room or teacher is already occupied by a group: «X» (same room, same teacher, 20:00–21:30); «Y» (same teacher, 20:00–21:30)',
    );
    // An older server sent one entry per reason without `reasons`.
    const old = { ...conflict, reason: 'teacher' } as unknown as Parameters<typeof conflictText>[1][number];
    expect(conflictText(t, [old])).toBe(
      'The time, room or teacher is already occupied by a group: «X» (same teacher, 20:00–21:30)',
    );
  });
});
