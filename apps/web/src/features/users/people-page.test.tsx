import { Role, type UserListItem } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { StaffPage, StudentsPage } from './people-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const page = (data: unknown[], total = data.length) => ({
  data,
  pagination: {
    count: data.length,
    current_page: 1,
    last_page: Math.max(1, Math.ceil(total / 50)),
    per_page: 50,
    total,
    total_pages: Math.max(1, Math.ceil(total / 50)),
  },
});

const aStudent = (overrides: Partial<UserListItem> = {}): UserListItem => ({
  id: 11,
  name: 'Karimov Aziz',
  phone: '901234567',
  birthday: '2010-05-17',
  gender: 'm',
  comment: null,
  parent_name: 'Karimova Nodira',
  parent_phone: null,
  ext_id: null,
  roles: [{ id: Role.student, name: 'Student' }],
  branches: [{ id: 2, name: 'Yunusobod' }],
  main_branch: 2,
  tags: [{ id: 3, name: 'VIP', color: null }],
  groups: [],
  archived_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

let people: UserListItem[] = [];
let total = 0;
let onPost: (body: Record<string, unknown>) => Response;
let calls: { method: string; url: string; body: Record<string, unknown> | undefined }[] = [];

function renderPage(element: React.ReactNode, url = '/students/list') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <App>{element}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  people = [];
  total = 0;
  calls = [];
  storeUser(aUser([Role.admin]), 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === 'POST' && url === '/api/v1/user') return onPost(body);
      if (url.startsWith('/api/v1/user')) return json(200, page(people, total || people.length));
      if (url.startsWith('/api/v1/tags')) return json(200, { data: [] });
      return json(200, page([]));
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v1/user?'));
const dialog = () => screen.getByRole('dialog');

// Forms of antd in jsdom are slow; the full suite runs files in parallel.
describe('StudentsPage', () => {
  it("lists the header branch's students, 50 a page, with the parent and the masked phone", async () => {
    people = [aStudent()];
    renderPage(<StudentsPage />);
    expect(await screen.findByRole('link', { name: 'Karimov Aziz' })).toBeTruthy();
    expect(screen.getByText("Parent's name: Karimova Nodira")).toBeTruthy();
    // jsdom is a phone-sized screen: the phone shows under the name.
    expect(screen.getByText('+998 90 123 45 67')).toBeTruthy();
    expect(listCalls()[0]?.url).toBe('/api/v1/user?user_type=student&branch_id=2&page=1&per_page=50');
  });

  it('starts again at page one when a filter changes (spec §5), sending no empty values', async () => {
    people = [aStudent()];
    total = 120;
    renderPage(<StudentsPage />, '/students/list?page=2');
    await screen.findByRole('link', { name: 'Karimov Aziz' });
    expect(listCalls()[0]?.url).toContain('page=2');
    fireEvent.change(screen.getByLabelText('Name or phone'), { target: { value: 'aziz' } });
    await waitFor(() => expect(listCalls().at(-1)?.url).toContain('name_or_phone=aziz'));
    expect(listCalls().at(-1)?.url).toBe(
      '/api/v1/user?user_type=student&name_or_phone=aziz&branch_id=2&page=1&per_page=50',
    );
  });

  it('shows each balance, a debt in red, and filters by balance from the address and the filter bar', async () => {
    people = [aStudent({ balance: -120_000 }), aStudent({ id: 12, name: 'Saidova Lola', balance: 300_000 })];
    renderPage(<StudentsPage />, '/students/list?finance=debtors');
    const debt = await screen.findByText('-120 000 UZS');
    expect(debt.closest('.ant-typography-danger')).toBeTruthy();
    expect(screen.getByText('300 000 UZS').closest('.ant-typography-danger')).toBeNull();
    expect(listCalls()[0]?.url).toBe('/api/v1/user?user_type=student&branch_id=2&finance=debtors&page=1&per_page=50');

    // On a phone the filters unfold behind one button that counts the chosen ones.
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Balance' }));
    fireEvent.click(await screen.findByText('Paid in advance', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(listCalls().at(-1)?.url).toContain('finance=credit'));
  });

  it('refuses a phone of the wrong length without asking the server', async () => {
    renderPage(<StudentsPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: /Add student/ }))[0] as HTMLElement);
    // The form loads when first opened.
    await screen.findByRole('dialog');
    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: 'Aliyev Vali' } });
    fireEvent.change(within(dialog()).getByLabelText('Phone'), { target: { value: '90123' } });
    expect((within(dialog()).getByLabelText('Phone') as HTMLInputElement).value).toBe('90 123');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('The phone number must have 9 digits')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('warns of a known phone and creates anyway when asked (spec §8)', async () => {
    renderPage(<StudentsPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: /Add student/ }))[0] as HTMLElement);
    // The form loads when first opened.
    await screen.findByRole('dialog');
    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: 'Aliyev Vali' } });
    fireEvent.change(within(dialog()).getByLabelText('Phone'), { target: { value: '+998 90 123 45 67' } });
    expect((within(dialog()).getByLabelText('Phone') as HTMLInputElement).value).toBe('90 123 45 67');
    onPost = (body) =>
      body.force
        ? json(200, { id: 99, name: 'Aliyev Vali' })
        : json(409, {
            error: {
              code: 'student_phone_exists',
              message: 'A student with this phone is already registered.',
              details: { users: [{ id: 5, name: 'Aliyev Vali (old)', archived: false }] },
            },
          });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    });
    expect((await screen.findAllByText('A student with this phone is already registered.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Aliyev Vali (old)' }).getAttribute('href')).toBe('/students/profile/5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({
      user_type: 'student',
      name: 'Aliyev Vali',
      phone: '90 123 45 67',
      branches: [2],
      force: true,
    });
    expect(await screen.findByText('Aliyev Vali is added')).toBeTruthy();
  });

  it('archives the selected students after a confirmation', async () => {
    people = [aStudent(), aStudent({ id: 12, name: 'Saidova Malika' })];
    renderPage(<StudentsPage />);
    await screen.findByRole('link', { name: 'Saidova Malika' });
    const rows = screen.getAllByRole('checkbox');
    fireEvent.click(rows[1] as HTMLElement);
    fireEvent.click(rows[2] as HTMLElement);
    onPost = () => json(500, {});
    fireEvent.click(await screen.findByRole('button', { name: /Archive selected/ }));
    expect(calls.filter((c) => c.url === '/api/v1/user/delete/multiple')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    });
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/user/delete/multiple')?.body).toEqual({ ids: [11, 12] }),
    );
  });
});

describe('StaffPage', () => {
  it('shows roles and keeps the signed-in user from archiving himself', async () => {
    people = [
      aStudent({ id: 7, name: 'Aziza Karimova', roles: [{ id: Role.admin, name: 'Administrator' }], groups: [] }),
      aStudent({ id: 8, name: 'Malika Yusupova', roles: [{ id: Role.admin, name: 'Administrator' }], groups: [] }),
    ];
    storeUser(aUser([Role.ceo]), 'token');
    renderPage(<StaffPage />, '/staff/list');
    await screen.findByRole('link', { name: 'Malika Yusupova' });
    expect(screen.getAllByText('Administrator')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Archive Aziza Karimova' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Archive Malika Yusupova' }) as HTMLButtonElement).disabled).toBe(false);
    expect(listCalls()[0]?.url).toContain('user_type=staff');
  });
});
