import {
  ONBOARDING_STEPS,
  type Onboarding,
  type OnboardingCreated,
  type OnboardingStep,
  type OnboardingStepInput,
  Role,
} from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionGuard } from '../../app/guards/guard-decisions';
import { RequireSession } from '../../app/guards/route-guards';
import { changeLanguage } from '../../i18n/i18n';
import { clearSession, getSession, storeUser } from '../../shared/session/session-store';
import { aCompany, aUser } from '../../test/session-fixtures';
import { OnboardingPage } from './onboarding-page';

type StepStates = Partial<Record<OnboardingStep, 'done' | 'skipped'>>;

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const list = (data: unknown[]) => ({
  data,
  pagination: { count: data.length, current_page: 1, last_page: 1, per_page: 500, total: data.length, total_pages: 1 },
});

/** The server's side of the wizard, as the contracts describe GET /onboarding. */
let saved: { steps: StepStates; created: OnboardingCreated; finished: boolean };
const standing = (): Onboarding => ({
  current: saved.finished ? null : (ONBOARDING_STEPS.find((step) => !saved.steps[step]) ?? null),
  steps: ONBOARDING_STEPS.map((step) => ({ step, state: saved.steps[step] ?? null })),
  created: saved.created,
  finished: saved.finished,
});

const freshCompany = () => aCompany({ logo: null }, { onboarded: saved.finished });
let calls: Call[] = [];

function answer({ method, url, body }: Call): Response {
  if (url === '/api/v1/onboarding') return json(200, standing());
  if (url === '/api/v1/onboarding/step') {
    const input = body as OnboardingStepInput;
    saved.steps[input.step] = input.state;
    saved.created = { ...saved.created, ...input.created };
    return json(200, standing());
  }
  if (url === '/api/v1/onboarding/finish') {
    saved.finished = true;
    return json(200, standing());
  }
  if (url === '/api/v1/company/1/logo') return json(200, { logo: '/files/logo.png' });
  if (url === '/api/v1/company/1/datas') return json(200, freshCompany());
  if (url === '/api/v1/auth/me') return json(200, aUser([Role.ceo], freshCompany()));
  if (method === 'POST' && url === '/api/v1/room') return json(200, { id: 31, name: 'Oxford' });
  if (method === 'POST' && url === '/api/v1/group') return json(200, { id: 61, name: null });
  if (method === 'POST' && url.startsWith('/api/v1/group/61/students/')) return json(200, { ok: true });
  if (url.startsWith('/api/v1/course'))
    return json(200, list([{ id: 3, name: 'English', color: '#1677ff', levels: [] }]));
  if (url.startsWith('/api/v1/user'))
    return json(200, list([{ id: 4, name: 'Anvar Karimov', roles: [{ id: Role.teacher, name: 'teacher' }] }]));
  if (url.startsWith('/api/v1/room')) return json(200, list([{ id: 31, name: 'Oxford', capacity: 12, branch_id: 2 }]));
  return json(200, list([]));
}

/** The wizard behind the shell's real log-in guard, the CEO of a new company arriving on the dashboard. */
function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <App>
          <Routes>
            <Route element={<RequireSession />}>
              <Route path="/dashboard" element={<p>The dashboard</p>} />
              <Route path="/onboarding" element={<OnboardingPage />} />
            </Route>
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Types a time into an antd time picker and leaves it, as a keyboard user does. */
function typeTime(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const putsOfSteps = () => calls.filter((call) => call.url === '/api/v1/onboarding/step').map((call) => call.body);

beforeAll(() => changeLanguage('en', false));

beforeEach(() => {
  calls = [];
  saved = { steps: {}, created: {}, finished: false };
  storeUser(aUser([Role.ceo], freshCompany()), 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method: init.method ?? 'GET', url, body };
      calls.push(call);
      return answer(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('OnboardingPage', () => {
  it('opens, after a reload, at the first step the server has neither done nor skipped', async () => {
    saved.steps = { company: 'done', course: 'skipped' };
    renderWizard();
    expect(await stepHeading('Room')).toBeTruthy();
    expect(screen.getByText('Step 3 of 6')).toBeTruthy();
    const steps = within(screen.getByRole('navigation', { name: 'Getting started' }));
    expect(steps.getByText('Logo and hours: Done')).toBeTruthy();
    expect(steps.getByText('Course: Skipped')).toBeTruthy();
    expect(steps.getByText('Room: Now')).toBeTruthy();
    // The room step is the rooms' own form.
    expect(screen.getByLabelText('Capacity')).toBeTruthy();
  });

  it('uploads a logo of an accepted kind only, and saves the working hours', async () => {
    const { container } = renderWizard();
    await stepHeading('Logo and hours');
    // The upload's input is made anew after each choice.
    const choose = (file: File) =>
      fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, {
        target: { files: [file] },
      });
    choose(new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Upload a PNG, JPEG or WebP picture.')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/logo'))).toBe(false);

    choose(new File(['png'], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByAltText('The centre’s logo')).getAttribute('src')).toBe('/files/logo.png');
    const upload = calls.find((call) => call.url === '/api/v1/company/1/logo');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('file')).toHaveProperty('name', 'logo.png');

    typeTime('Working day ends', '07:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The end must be later than the start (08:00)')).toBeTruthy();
    typeTime('Working day ends', '19:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await stepHeading('Course')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v1/company/1/datas')?.body).toEqual({
      start_of_working_day: '08:00',
      end_of_working_day: '19:00',
    });
    expect(putsOfSteps()).toEqual([{ step: 'company', state: 'done' }]);
  });

  it('records a step done with the id of what its form made, then opens the next one', async () => {
    saved.steps = { company: 'done', course: 'done' };
    renderWizard();
    await stepHeading('Room');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Oxford' } });
    fireEvent.change(screen.getByLabelText('Capacity'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await stepHeading('Teacher')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/room')?.body).toEqual({
      name: 'Oxford',
      capacity: 12,
      branch_id: 2,
    });
    expect(putsOfSteps()).toEqual([{ step: 'room', state: 'done', created: { room_id: 31 } }]);
  });

  it('moves on when a step is skipped, and sends nothing of its domain', async () => {
    saved.steps = { company: 'done' };
    renderWizard();
    await stepHeading('Course');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));

    expect(await stepHeading('Room')).toBeTruthy();
    expect(putsOfSteps()).toEqual([{ step: 'course', state: 'skipped' }]);
    expect(calls.some((call) => call.method === 'POST' && call.url.startsWith('/api/v1/course'))).toBe(false);
  });

  it('offers the group form with what the earlier steps made, and adds the student made to the new group', async () => {
    saved.steps = { company: 'done', course: 'done', room: 'done', teacher: 'done', student: 'done' };
    saved.created = { course_id: 3, room_id: 31, teacher_id: 4, student_id: 9 };
    renderWizard();
    await stepHeading('Group');
    expect(screen.getByText('The course, the teacher and the room you made are chosen already.')).toBeTruthy();
    expect(await screen.findByTitle('English')).toBeTruthy();
    expect(await screen.findByTitle('Anvar Karimov')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Add the student you made/ })).toHaveProperty('checked', true);

    typeTime('Start time', '09:00');
    typeTime('End time', '10:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('All set')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/group')?.body).toMatchObject({
      course_id: 3,
      teacher_id: 4,
      room_id: 31,
      start_time: '09:00',
      end_time: '10:30',
      branch_id: 2,
    });
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/v1/group/61/students/9')).toBe(true);
    expect(putsOfSteps()).toEqual([{ step: 'group', state: 'done', created: { group_id: 61 } }]);
  });

  it('sends the owner to the dashboard on Finish, and the log-in guard no longer sends him back', async () => {
    saved.steps = { company: 'done', course: 'done', room: 'skipped', teacher: 'done', student: 'done', group: 'done' };
    saved.created = { course_id: 3, teacher_id: 4, student_id: 9, group_id: 61 };
    renderWizard();
    // The guard sent the CEO of a company without logo from the dashboard to the wizard.
    expect(await screen.findByText('All set')).toBeTruthy();
    // What the steps made can be opened; the skipped room made nothing.
    expect(screen.getByRole('link', { name: 'Open: Group' }).getAttribute('href')).toBe('/groups/61');
    expect(screen.queryByRole('link', { name: 'Open: Room' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/v1/onboarding/finish', '/api/v1/auth/me']),
    );
    expect(getSession().company?.datas.onboarded).toBe(true);
    expect(sessionGuard(getSession(), '/dashboard')).toEqual({ allow: true });
  });

  it('ends the whole wizard from any step after a confirmation', async () => {
    renderWizard();
    await stepHeading('Logo and hours');
    fireEvent.click(screen.getByRole('button', { name: 'Skip onboarding' }));
    expect(await screen.findByText('Skip the onboarding?')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/v1/onboarding/finish')).toBe(false);
    const confirm = screen.getAllByRole('button', { name: 'Skip onboarding' }).at(-1);
    if (confirm) fireEvent.click(confirm);

    expect(await screen.findByText('The dashboard')).toBeTruthy();
    await waitFor(() => expect(getSession().company?.datas.onboarded).toBe(true));
  });
});
