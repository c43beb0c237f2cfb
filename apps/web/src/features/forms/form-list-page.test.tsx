import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { FormCreatePage } from './form-builder-pages';
import { FormListPage, LeadFormListPage } from './form-list-page';
import { aSummary } from './forms-fixtures';

let forms = [aSummary()];
let canCreate = true;

const page = (total: number) => ({ count: total, current_page: 1, last_page: 1, per_page: 20, total, total_pages: 1 });

const calls = stubApi((call: ApiCall) => {
  if (call.method === 'DELETE') return json(200, { ok: true });
  if (call.url.startsWith('/api/v1/form?')) {
    return json(200, { data: forms, pagination: page(forms.length), policies: { create: canCreate } });
  }
  return json(404, { error: { code: 'not_found', message: call.url } });
});

beforeEach(() => {
  forms = [
    aSummary(),
    aSummary({ id: 6, kind: 'audit', title: 'Lesson audit', status: 'draft', answers: 0, last_answer_at: null }),
  ];
  canCreate = true;
});

const openList = (address = '/form/list') => renderAt(address, '/form/list', <FormListPage />);

describe('the list of forms', () => {
  it('invites to create the first form when there is none', async () => {
    forms = [];
    openList();
    expect(await screen.findByText(/No forms yet/)).toBeTruthy();
    const create = screen.getByText('Create form').closest('a') as HTMLAnchorElement;
    expect(create.getAttribute('href')).toBe('/form/create');
    expect(screen.getByText('From a template').closest('a')?.getAttribute('href')).toBe('/form/generator');
  });

  it('offers no creation where the policy does not allow it', async () => {
    forms = [];
    canCreate = false;
    openList();
    expect(await screen.findByText(/No forms yet/)).toBeTruthy();
    expect(screen.queryByText('Create form')).toBeNull();
  });

  it('shows each form’s kind, status and answers, and asks with the filters of the address', async () => {
    openList('/form/list?kind=audit&status=draft&search=less');
    const row = (await screen.findByText('Lesson audit')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Audit')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/form?kind=audit&status=draft&search=less&page=1&per_page=20');
  });

  it('deletes a form only after asking', async () => {
    openList();
    fireEvent.click(await screen.findByLabelText('More actions for “Feedback”'));
    fireEvent.click(await screen.findByText('Delete'));
    expect((await screen.findAllByText('Delete the form “Feedback”?')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = within(document.querySelector('.ant-modal-confirm') as HTMLElement);
    fireEvent.click(dialog.getByText('Delete'));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/form/5'));
  });
});

describe('the lead forms (form/lead-form)', () => {
  /** The lead forms' screen, and the builder its New button opens, as the app routes them. */
  const openLeadForms = () =>
    renderAt(
      '/form/lead-form?kind=audit',
      '/form/*',
      <Routes>
        <Route path="lead-form" element={<LeadFormListPage />} />
        <Route path="create" element={<FormCreatePage />} />
      </Routes>,
    );

  it('asks only for lead forms, whatever the address says, and explains where their answers go', async () => {
    forms = [aSummary({ id: 8, kind: 'lead', title: 'Trial lesson' })];
    openLeadForms();
    expect(await screen.findByText('Lead forms', { selector: 'h1' })).toBeTruthy();
    expect(screen.getByText(/becomes a lead on the board of the branch chosen/)).toBeTruthy();
    const row = (await screen.findByText('Trial lesson')).closest('tr') as HTMLElement;
    expect(within(row).getByLabelText('Edit “Trial lesson”')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/form?kind=lead&page=1&per_page=20');
    // The kind is the screen's own: no filter and no column for it.
    expect(screen.queryByLabelText('Kind')).toBeNull();
    expect(screen.queryByText('Kind', { selector: 'th' })).toBeNull();
  });

  it('opens the builder on a new lead form', async () => {
    forms = [];
    openLeadForms();
    expect(await screen.findByText(/No lead forms yet/)).toBeTruthy();
    expect(screen.getByText('From a template').closest('a')?.getAttribute('href')).toBe('/form/create?template=lead');
    fireEvent.click(screen.getByText('New lead form'));
    expect(((await screen.findByLabelText('Lead form')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Header picture')).toBeTruthy();
  });
});
