import type { WorklyAtWork, WorklyBindings, WorklyConnection, WorklyLate, WorklyPolicies } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { WorklyReportPage } from './workly-report-page';

const READER: WorklyPolicies = { view: true, connect: false, bind: false };
const OWNER: WorklyPolicies = { view: true, connect: true, bind: true };

const connection = (configured: boolean, policies = READER): WorklyConnection => ({
  configured,
  client_id_masked: configured ? '•••b5c6' : null,
  username_masked: configured ? 'h•••@registon.uz' : null,
  connected_at: configured ? '2025-03-01T08:00:00.000Z' : null,
  policies,
});

const atWork: WorklyAtWork = {
  date: '2025-03-04',
  is_today: true,
  rows: [
    {
      workly_employee_id: '201',
      user_id: 11,
      name: 'Malika Yusupova',
      first_in: '09:00',
      last_out: null,
      at_work: true,
    },
    {
      workly_employee_id: '202',
      user_id: 12,
      name: 'Kamola Ergasheva',
      first_in: '09:05',
      last_out: '10:00',
      at_work: false,
    },
  ],
  totals: { came: 2, at_work: 1, unbound: 1 },
};

const late: WorklyLate = {
  from: '2025-03-04',
  till: '2025-03-04',
  rows: [
    {
      date: '2025-03-04',
      workly_employee_id: '203',
      user_id: 13,
      name: 'Jasur Toshmatov',
      expected_start: '09:00',
      arrived: '09:20',
      minutes_late: 20,
    },
  ],
  days: [{ date: '2025-03-04', late: 1, minutes: 20 }],
  totals: { late: 1, minutes: 20, unbound: 0 },
};

const bindings = (policies: WorklyPolicies): WorklyBindings => ({
  employees: [
    { id: '201', full_name: 'Yusupova Malika', position: 'Administrator', bound: true },
    { id: '204', full_name: 'Nurmatova Aziza', position: 'Kassir', bound: false },
  ],
  bindings: [
    {
      user_id: 11,
      user_name: 'Malika Yusupova',
      workly_employee_id: '201',
      workly_name: 'Yusupova Malika',
      bound_at: '2025-03-01T08:00:00.000Z',
    },
  ],
  unbound_staff: [{ id: 14, name: 'Aziza Nurmatova' }],
  policies,
});

let state: { connection: WorklyConnection; failReads: boolean; bindAnswer: () => Response };
beforeEach(() => {
  state = { connection: connection(true), failReads: false, bindAnswer: () => json(200, {}) };
});

const calls = stubApi(({ method, url }) => {
  if (url.startsWith('/api/v1/workly/connection')) return json(200, state.connection);
  if (method === 'POST' && url === '/api/v1/workly') return state.bindAnswer();
  if (method === 'DELETE') return json(200, { ok: true });
  if (state.failReads) {
    return json(502, { error: { code: 'workly_unavailable', message: 'Workly is not answering right now.' } });
  }
  if (url.startsWith('/api/v1/workly/at_work/')) return json(200, atWork);
  if (url.startsWith('/api/v1/workly/late_in')) return json(200, late);
  if (url.startsWith('/api/v1/workly/bindings')) return json(200, bindings(state.connection.policies));
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

describe('WorklyReportPage', () => {
  it('explains how to connect Workly when it is not, and offers the settings to who may change them', async () => {
    state.connection = connection(false);
    const { unmount } = renderPage(<WorklyReportPage />);
    expect(await screen.findByText('Workly is not connected yet')).toBeTruthy();
    expect(screen.getByText('Get API access in Workly')).toBeTruthy();
    expect(screen.getByText(/ask one of them/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the settings' })).toBeNull();
    // Nothing of Workly is asked for while it is not connected.
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/workly/connection']);
    unmount();

    state.connection = connection(false, OWNER);
    renderPage(<WorklyReportPage />);
    const link = await screen.findByRole('link', { name: 'Open the settings' });
    expect(link.getAttribute('href')).toBe('/settings#workly');
  });

  it('shows who came today and who is in now, who was late, and the bindings read-only for an administrator', async () => {
    renderPage(<WorklyReportPage />);
    expect(await screen.findByText('Came: 2 · at work now: 1')).toBeTruthy();
    const inNow = screen.getAllByText('At work').find((node) => node.closest('.ant-tag'));
    expect(inNow?.closest('tr')?.textContent).toContain('Malika Yusupova');
    expect(screen.getByText('Kamola Ergasheva').closest('tr')?.textContent).toContain('10:00');
    expect(await screen.findByText('Late: 1 · 20 min in all')).toBeTruthy();
    // jsdom is as narrow as a phone: the times go under the name.
    expect(screen.getByText('Jasur Toshmatov').closest('tr')?.textContent).toBe('Jasur Toshmatov09:00 → 09:2020 min');
    expect(screen.getByText(/Not shown: 1 of Workly's employees/)).toBeTruthy();
    expect(await screen.findByText(/^Yusupova Malika · /)).toBeTruthy();
    expect(screen.getByText('Staff members are bound to Workly by the owner or the CEO.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unbind/ })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/workly/at_work/today?branch_id=2',
        expect.stringMatching(/^\/api\/v1\/workly\/late_in\?date=\d{4}-\d{2}-\d{2}&branch_id=2$/),
        '/api/v1/workly/bindings?branch_id=2',
      ]),
    );
  });

  it('binds a staff member for the owner, and words a refusal by its reason', async () => {
    state.connection = connection(true, OWNER);
    renderPage(<WorklyReportPage />);
    const staff = await screen.findByRole('combobox', { name: 'Staff member' });
    fireEvent.mouseDown(staff);
    fireEvent.click(await screen.findByText('Aziza Nurmatova', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Employee in Workly' }));
    fireEvent.click(
      await screen.findByText('Nurmatova Aziza · Kassir', { selector: '.ant-select-item-option-content' }),
    );
    state.bindAnswer = () =>
      json(409, {
        error: { code: 'worker_binding_error', message: 'x', details: { reason: 'workly_employee_taken' } },
      });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('This Workly employee is already bound to another staff member.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v1/workly',
      body: { user_id: 14, workly_employee_id: '204' },
    });
  });

  it('unbinds only after a confirmation', async () => {
    state.connection = connection(true, OWNER);
    renderPage(<WorklyReportPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unbind Malika Yusupova' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unbind' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/workly/bindings/11'));
    expect(await screen.findByText('Malika Yusupova is unbound')).toBeTruthy();
  });

  it('says Workly is not answering, with a way to try again', async () => {
    state.failReads = true;
    renderPage(<WorklyReportPage />);
    const notice = 'Workly is not answering right now. Try again in a few minutes.';
    // One for both of the day's lists, one inside the binding table.
    await waitFor(() => expect(screen.getAllByText(notice)).toHaveLength(2));
    state.failReads = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('Came: 2 · at work now: 1')).toBeTruthy();
  });
});
