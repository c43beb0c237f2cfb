import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { FormInfoPage } from './form-info-page';
import { aForm, aReport, npsOfRow } from './forms-fixtures';

let form = aForm();
let report = aReport();

const answerRow = {
  id: 1,
  created_at: '2025-03-04T10:20:00Z',
  values: { nps: 9, level: 'Beginner', name: 'Aziz' },
  source: { utm_source: 'instagram' },
  student: { id: 70, name: 'Aziz Karimov' },
  group: { id: 31, title: 'English A1' },
  teacher: { id: 8, name: 'Malika' },
  lead_id: null,
};

const calls = stubApi((call: ApiCall) => {
  const path = call.url.split('?')[0];
  if (path === '/api/v1/form/5') return json(200, form);
  if (path === '/api/v1/form/5/report') return json(200, report);
  if (path === '/api/v1/form/5/answers') {
    return json(200, {
      data: [answerRow],
      pagination: { count: 1, current_page: 1, last_page: 1, per_page: 30, total: 1, total_pages: 1 },
    });
  }
  return json(404, { error: { code: 'not_found', message: call.url } });
});

beforeEach(() => {
  form = aForm();
  report = aReport();
});

const openInfo = (address = '/form/info/5') => renderAt(address, '/form/info/:id', <FormInfoPage />);
/** The card with this title (a question's label is also a heading of the answers' table). */
const cardOf = (title: string) =>
  [...document.querySelectorAll('.ant-card-head-title')]
    .find((head) => head.textContent === title)
    ?.closest('.ant-card') as HTMLElement;

describe('the answers of a form', () => {
  it('sums up each question: option bars with shares, the NPS score and its groups, the latest texts', async () => {
    openInfo();
    expect(await screen.findByLabelText('Beginner: 3 (60%)')).toBeTruthy();
    expect(screen.getByLabelText('Advanced: 2 (40%)')).toBeTruthy();
    const nps = within(cardOf('Would you recommend us?'));
    expect(nps.getByText('+40')).toBeTruthy();
    expect(nps.getByText('Promoters')).toBeTruthy();
    expect(nps.getByText('(60%)')).toBeTruthy();
    expect(nps.getByLabelText('Score 10: 2')).toBeTruthy();
    expect(within(cardOf('Your name')).getByText('Malika')).toBeTruthy();
    expect(within(cardOf('Email')).getByText('No answers yet')).toBeTruthy();
  });

  it('lists the answers one column per question, with the utm source', async () => {
    openInfo();
    const table = (await screen.findByText('instagram')).closest('table') as HTMLElement;
    const headings = [...table.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headings).toEqual([
      'Date',
      'Would you recommend us?',
      'Your level',
      'Your name',
      'Email',
      'Phone',
      'utm_source',
    ]);
    expect(within(table).getByText('Beginner')).toBeTruthy();
  });

  it('asks for the answers and the summary with the filters of the address', async () => {
    openInfo('/form/info/5?from=2025-03-01&to=2025-03-31&utm_source=instagram&search=Aziz&page=2');
    await screen.findByText('instagram');
    const urls = calls.map((call) => call.url);
    expect(urls).toContain('/api/v1/form/5/report?from=2025-03-01&to=2025-03-31&utm_source=instagram');
    expect(urls).toContain(
      '/api/v1/form/5/answers?from=2025-03-01&to=2025-03-31&search=Aziz&utm_source=instagram&page=2&per_page=30',
    );
  });

  it('adds the audit tables and its student, group and teacher columns', async () => {
    form = aForm({ kind: 'audit', public_path: null });
    report = aReport({
      by_teacher: [{ id: 8, name: 'Malika', nps: npsOfRow(4, 3, 1, 0, 75) }],
      by_group: [{ id: 31, title: 'English A1', nps: npsOfRow(4, 3, 1, 0, 75) }],
    });
    openInfo();
    await screen.findByText('NPS by teacher');
    expect(within(cardOf('NPS by teacher')).getByText('+75')).toBeTruthy();
    expect(within(cardOf('NPS by group')).getAllByText('English A1').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByText('Aziz Karimov')).toBeTruthy());
    // The teacher filter offers the teachers the report names.
    fireEvent.mouseDown(screen.getByLabelText('Teacher'));
    expect(await screen.findByTitle('Malika')).toBeTruthy();
  });
});
