import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import type { LeadFormInfo } from './lead-form-api';
import { LeadFormPage } from './lead-form-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const INFO: LeadFormInfo = {
  company: {
    id: 1,
    name: 'Demo Academy',
    subdomain: 'demo',
    logo: null,
    start_of_working_day: '08:00',
    end_of_working_day: '20:00',
    company_type: 'training_center',
    country: 'uz',
    locale: 'ru',
    theme_color: 'light.orange',
  },
  courses: [{ id: 3, name: 'English' }],
  branches: [
    { id: 1, name: 'Chilonzor' },
    { id: 2, name: 'Yunusobod' },
  ],
};

let info: () => Response;
let answer: () => Response;
let posted: Record<string, unknown>[] = [];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/entry/lead']}>
        <App>
          <Routes>
            <Route path="/entry/lead" element={<LeadFormPage />} />
            <Route path="/error" element={<p>unknown company page</p>} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  changeLanguage('en');
  posted = [];
  info = () => json(200, INFO);
  answer = () => json(200, { ok: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/v1/public/lead-form') return info();
      posted.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fill = async (name: string, phone: string) => {
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: phone } });
};

describe('the public lead form', () => {
  it('shows the company, the optional course and branch, and refuses an empty name and a short phone', async () => {
    renderPage();
    expect(await screen.findByText('Demo Academy')).toBeTruthy();
    expect(screen.getByDisplayValue('+998')).toBeTruthy();
    expect(screen.getByLabelText('Course')).toBeTruthy();
    expect(screen.getByLabelText('Branch')).toBeTruthy();
    await fill('', '90 12');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(await screen.findByText('The phone number must have 9 digits')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('sends the digits of the phone with an empty honeypot and thanks the visitor by name', async () => {
    renderPage();
    await fill('Aziz', '901234567');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('90 123 45 67');
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'After six' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you, Aziz!')).toBeTruthy();
    expect(posted).toEqual([
      { name: 'Aziz', phone: '901234567', comment: 'After six', course_id: null, branch_id: null },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Send another request' }));
    expect(await screen.findByLabelText('Your name')).toBeTruthy();
  });

  it('keeps the honeypot out of sight and out of the tab order', async () => {
    renderPage();
    const honeypot = (await screen.findByLabelText('Website', { selector: 'input' })) as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe('off');
    expect(honeypot.closest('[aria-hidden]')).toBeTruthy();
  });

  it('says so in the visitor’s language when one address sent too many', async () => {
    answer = () => json(429, { error: { code: 'too_many_requests', message: 'Too many', request_id: 'r' } });
    renderPage();
    await fill('Aziz', '901234567');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Too many requests');
  });

  it('speaks the company language to a visitor who chose none', async () => {
    localStorage.clear();
    changeLanguage('en', false);
    renderPage();
    await waitFor(() => expect(screen.getByText('Оставьте заявку')).toBeTruthy());
  });

  it('sends an unknown subdomain to the unknown-company page', async () => {
    info = () => json(404, { error: { code: 'company_not_found', message: 'No', request_id: 'r' } });
    renderPage();
    expect(await screen.findByText('unknown company page')).toBeTruthy();
  });
});
