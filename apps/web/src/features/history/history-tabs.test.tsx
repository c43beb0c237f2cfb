import { HistoryEvent, type HistoryItem, Role, type RoleId, type UserProfile } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { GroupHistory } from '../groups/group-notes';
import { HistoryTab } from '../users/profile-tabs';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** Sobirov was put in PY-BAS-1 by the administrator: what both his profile and the group's page list. */
const added: HistoryItem = {
  id: 3,
  type: HistoryEvent.studentAddedToGroup,
  name: 'studentAddedToGroup',
  entity: 'group',
  entity_id: 30,
  branch_id: 1,
  actor: { id: 2, name: 'Malika Yusupova', gender: 'f' },
  data: { group_title: 'PY-BAS-1', student_id: 70, student_name: 'Sobirov Doniyor' },
  refs: {
    person: { id: 70, name: 'Sobirov Doniyor', type: 'student' },
    group: { id: 30, title: 'PY-BAS-1' },
    lead: null,
  },
  created_at: '2026-03-21T09:05:00.000Z',
};
const list = {
  data: [added],
  pagination: { count: 1, current_page: 1, last_page: 1, per_page: 20, total: 1, total_pages: 1 },
};
let urls: string[] = [];

function renderIn(node: ReactNode, role: RoleId = Role.admin) {
  storeUser(aUser([role]), 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('ru', false));

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return json(list);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const SENTENCE = 'Malika Yusupova добавила студента Sobirov Doniyor в группу PY-BAS-1';

describe('the history tabs of a group and of a student', () => {
  it('say the History page’s sentence on the group’s page', async () => {
    renderIn(<GroupHistory groupId={30} />);
    const line = (await screen.findByText('Malika Yusupova')).closest('li') as HTMLElement;
    expect(line.textContent).toContain(`21.03.2026 14:05${SENTENCE}`);
    expect(within(line).getByRole('link', { name: 'Sobirov Doniyor' }).getAttribute('href')).toBe(
      '/students/profile/70',
    );
    expect(urls).toEqual(['/api/v1/group/30/history?page=1&per_page=20']);
    // The History page is the owner's and the CEO's: no way there for an administrator.
    expect(screen.queryByRole('link', { name: 'Всё в разделе «История»' })).toBeNull();
  }, 120_000);

  it('say it on the student’s profile too, with the way to everything that concerns him', async () => {
    renderIn(<HistoryTab person={{ id: 70, types: ['student'] } as unknown as UserProfile} />, Role.owner);
    const line = (await screen.findByText('Malika Yusupova')).closest('li') as HTMLElement;
    expect(line.textContent).toContain(SENTENCE);
    expect(within(line).getByRole('link', { name: 'PY-BAS-1' }).getAttribute('href')).toBe('/groups/30');
    const more = screen.getByRole('link', { name: 'Всё в разделе «История»' });
    expect(more.getAttribute('href')).toBe('/history?student_id=70');
  }, 120_000);
});
