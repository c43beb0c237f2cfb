import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConsoleSession } from './console-session';
import { aCompany, json, page, renderConsole, signedIn, stubConsoleApi } from './console-test-support';

const COMPANIES = [
  aCompany(),
  aCompany({
    id: 2,
    name: 'Beta School',
    subdomain: 'beta',
    plan_student_limit: null,
    licence_ends_on: '2025-01-01',
    licence_days_left: -3,
    students_active: 7,
    last_activity_at: null,
    disabled: true,
    policies: { can_disable: false, can_enable: true },
  }),
];
let listAnswer = () => json(200, page(COMPANIES, 45));

const calls = stubConsoleApi(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/console/companies')) return listAnswer();
  if (method === 'POST' && url === '/api/v1/console/companies/1/disable')
    return json(200, aCompany({ disabled: true }));
  if (method === 'POST' && url === '/api/v1/console/companies/1/licence') return json(200, aCompany());
  return json(404, { error: { code: 'route_not_found', message: 'No such API route.' } });
});
const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/v1/console/companies'));

beforeEach(() => {
  listAnswer = () => json(200, page(COMPANIES, 45));
  signedIn();
});

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const openAction = async (centre: string, action: string) => {
  fireEvent.click(within(await rowOf(centre)).getByRole('button', { name: `Actions for ${centre}` }));
  fireEvent.click(await screen.findByText(action));
  return screen.findByRole('dialog');
};

describe('the console’s centres', () => {
  it('shows each centre’s licence, figures and status', async () => {
    renderConsole('/companies');
    const alpha = await rowOf('Alpha Academy');
    expect(within(alpha).getByText('alpha')).toBeTruthy();
    expect(within(alpha).getByText('20.05.2031')).toBeTruthy();
    expect(within(alpha).getByText('10 days left')).toBeTruthy();
    // A phone's width (jsdom has no wide screen): the figures go under the name.
    expect(within(alpha).getByText('Students: 45 / 100 · SMS: 120 / 500')).toBeTruthy();
    expect(within(alpha).getByText('Active')).toBeTruthy();
    const beta = await rowOf('Beta School');
    expect(within(beta).getByText('Expired')).toBeTruthy();
    expect(within(beta).getByText('Students: 7 · SMS: 120 / 500')).toBeTruthy();
    expect(within(beta).getByText('Disabled')).toBeTruthy();
    expect(listCalls()[0]?.url).toBe('/api/v1/console/companies?page=1&per_page=20');
  });

  it('searches from the first page and pages through the rest', async () => {
    renderConsole('/companies');
    await screen.findByText('Alpha Academy');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(listCalls().at(-1)?.url).toBe('/api/v1/console/companies?page=3&per_page=20'));
    const search = screen.getByPlaceholderText('Search by name or subdomain');
    fireEvent.change(search, { target: { value: ' alp ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(listCalls().at(-1)?.url).toBe('/api/v1/console/companies?search=alp&page=1&per_page=20'),
    );
  });

  it('says so when no centre matches', async () => {
    listAnswer = () => json(200, page([]));
    renderConsole('/companies');
    expect(await screen.findByText('No centres found')).toBeTruthy();
  });

  it('disables a centre only after its confirmation, and offers enabling a disabled one', async () => {
    renderConsole('/companies');
    const dialog = await openAction('Alpha Academy', 'Disable');
    expect(within(dialog).getByText('Disable Alpha Academy?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'unpaid' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/v1/console/companies/1/disable',
        body: { note: 'unpaid' },
      }),
    );
    expect(await screen.findByText('Alpha Academy is disabled')).toBeTruthy();

    fireEvent.click(within(await rowOf('Beta School')).getByRole('button', { name: 'Actions for Beta School' }));
    const menus = await screen.findAllByRole('menu');
    const betaMenu = menus.at(-1) as HTMLElement;
    expect(within(betaMenu).getByText('Enable')).toBeTruthy();
    expect(within(betaMenu).queryByText('Disable')).toBeNull();
  });

  it('extends a licence by days only with a note of the payment', async () => {
    renderConsole('/companies');
    const dialog = await openAction('Alpha Academy', 'Extend licence');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await within(dialog).findByText("Write what was paid, e.g. the transfer's number and date")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(dialog).getByText('New last day: 19.06.2031')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Bank transfer 41' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/v1/console/companies/1/licence',
        body: { days: 30, note: 'Bank transfer 41' },
      }),
    );
  });

  it('goes back to the log-in when the console session has ended', async () => {
    listAnswer = () => json(401, { error: { code: 'session_expired', message: 'Ended.' } });
    const router = renderConsole('/companies');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getConsoleSession()).toBeNull();
  });
});
