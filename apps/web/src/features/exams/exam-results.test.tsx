import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { ExamPage } from './exam-page';
import { anExam, anExamPage, aResult } from './exams-fixtures';

let page = anExamPage();

const calls = stubApi(({ method, url, body }) => {
  const result = url.match(/^\/api\/v1\/group\/7\/exam\/12\/result\/(\d+)$/);
  if (result && method === 'PUT') {
    const studentId = Number(result[1]);
    const { ball } = body as { ball: number | null };
    const row = page.results?.find((r) => r.student_id === studentId);
    const saved = { ...aResult(row), ball };
    page = { ...page, results: page.results?.map((r) => (r.student_id === studentId ? saved : r)) ?? null };
    return json(200, saved);
  }
  if (url === '/api/v1/group/7/exam/12') return json(200, page);
  if (url === '/api/v1/group/7/exams') return json(200, { data: [page.exam], policies: { manage: true } });
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  storeUser(aUser([Role.teacher]), 'token');
  page = anExamPage();
});

const openPage = () => renderAt('/groups/7/exam/12', '/groups/:id/exam/:examId', <ExamPage />);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const puts = () => calls.filter((call) => call.method === 'PUT').map(({ url, body }) => ({ url, body }));

describe('an exam of the group, as its teacher (groups/{id}/exam/{examId})', () => {
  it("enters an offline exam's balls: saved on Enter and on leaving the field, cleared when emptied", async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'Module 1 test' })).toBeTruthy();
    expect(screen.getByText('Results: 0 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /ENG-7/ }).getAttribute('href')).toBe('/groups/7');

    const aziz = screen.getByLabelText('Ball of Aziz Karimov') as HTMLInputElement;
    fireEvent.change(aziz, { target: { value: '8.5' } });
    fireEvent.keyDown(aziz, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(aziz);
    await waitFor(() => expect(within(rowOf('Aziz Karimov')).getByText('Saved')).toBeTruthy());
    // Enter and the blur after it send the ball once.
    expect(puts()).toEqual([{ url: '/api/v1/group/7/exam/12/result/21', body: { ball: 8.5 } }]);

    const bekzod = screen.getByLabelText('Ball of Bekzod Aliyev') as HTMLInputElement;
    expect(bekzod.value).toBe('7.5');
    fireEvent.change(bekzod, { target: { value: '' } });
    fireEvent.blur(bekzod);
    await waitFor(() => expect(puts()[1]).toEqual({ url: '/api/v1/group/7/exam/12/result/22', body: { ball: null } }));
    expect(await within(rowOf('Bekzod Aliyev')).findByText('Saved')).toBeTruthy();
  });

  it("shows an online exam's attempts: when started and handed in, the points and the ball", async () => {
    page = anExamPage({
      exam: anExam({ kind: 'online', duration_minutes: 45, state: 'done', results: { done: 1, of: 1 } }),
      results: [
        aResult({
          started_at: '2025-03-12T05:00:00Z',
          submitted_at: '2025-03-12T05:30:00Z',
          points: 3,
          max_points: 4,
          ball: 7.5,
        }),
      ],
      policies: { manage: true, enter_results: false, start: false },
    });
    openPage();
    await screen.findByText('Aziz Karimov');
    const row = rowOf('Aziz Karimov');
    expect(within(row).getByText('3 of 4 points')).toBeTruthy();
    expect(within(row).getByText('7.5 / 10')).toBeTruthy();
    expect(screen.getByText('45 min')).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
