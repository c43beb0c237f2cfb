import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { onScreen } from '../../test/screen-width';
import { aUser } from '../../test/session-fixtures';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { ExamPage } from './exam-page';
import { anAttempt, aStudentExamPage } from './exams-fixtures';

let page = aStudentExamPage();
/** The server's answer to PUT …/answer (by default: saved). */
let answerSave: () => Response = () => json(200, anAttempt());

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/group/7/exam/12/answer' && method === 'PUT') return answerSave();
  if (url === '/api/v1/group/7/exam/12/start' && method === 'POST') return json(200, anAttempt());
  if (url === '/api/v1/group/7/exam/12/submit' && method === 'POST') {
    page = {
      ...page,
      attempt: anAttempt({ submitted_at: new Date().toISOString(), ball: 3.3, points: 1, max_points: 3 }),
    };
    return json(200, page.attempt);
  }
  if (url === '/api/v1/group/7/exam/12') return json(200, page);
  if (url === '/api/v1/group/7/exams') return json(200, { data: [page.exam], policies: { manage: false } });
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  onScreen('phone');
  storeUser(aUser([Role.student]), 'token');
  page = aStudentExamPage({ attempt: anAttempt(), policies: { manage: false, enter_results: false, start: false } });
  answerSave = () => json(200, anAttempt());
});

const openPage = () => renderAt('/groups/7/exam/12', '/groups/:id/exam/:examId', <ExamPage />);
const saves = () => calls.filter((call) => call.method === 'PUT').map((call) => call.body);
const cardOf = (question: string) => screen.getByText(question).closest('.ant-card') as HTMLElement;

describe('an online exam, as the student on a 390 px phone (groups/{id}/exam/{examId})', () => {
  it('starts the exam on its day after saying that the clock will run', async () => {
    page = aStudentExamPage();
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: /Start the exam/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/You will have 60 min/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Start the exam/ }));
    expect(await screen.findByText('Question 1 of 2 · Points: 1')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/v1/group/7/exam/12/start',
    ]);
  });

  it('shows the time left, and saves each answer as it is given: a choice, and an order moved with the arrows', async () => {
    openPage();
    const clock = await screen.findByRole('timer', { name: 'Time left' });
    expect(clock.textContent).toMatch(/^2[45]:\d\d$/);

    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    await waitFor(() => expect(saves()).toEqual([{ question_id: 1, answer: { kind: 'single', option: 1 } }]));
    expect(await within(cardOf('2 + 2 = ?')).findByText('Saved')).toBeTruthy();
    expect(screen.getByText('Answered: 1 of 2')).toBeTruthy();

    // The student sees "two, one, three": moving "one" up puts it first.
    fireEvent.click(screen.getByRole('button', { name: 'Move “one” up' }));
    await waitFor(() => expect(saves()[1]).toEqual({ question_id: 4, answer: { kind: 'ordering', order: [0, 1, 2] } }));
    expect(screen.getByText('“one” is now at place 1.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “one” down' }));
    expect(await screen.findByText('Answered: 2 of 2')).toBeTruthy();
  });

  it('retries an answer the network lost until the server has it', async () => {
    let failures = 1;
    answerSave = () =>
      failures-- > 0 ? json(503, { error: { code: 'unavailable', message: 'down' } }) : json(200, anAttempt());
    openPage();
    fireEvent.click(await screen.findByRole('radio', { name: '4' }));
    expect(await within(cardOf('2 + 2 = ?')).findByText('Not saved, retrying')).toBeTruthy();
    expect(await within(cardOf('2 + 2 = ?')).findByText('Saved')).toBeTruthy();
    expect(saves()).toEqual([
      { question_id: 1, answer: { kind: 'single', option: 1 } },
      { question_id: 1, answer: { kind: 'single', option: 1 } },
    ]);
  });

  it('stops taking answers when the time runs out, and reads the exam again', async () => {
    page = { ...page, attempt: anAttempt({ deadline_at: new Date(Date.now() + 1500).toISOString() }) };
    openPage();
    await screen.findByRole('timer', { name: 'Time left' });
    expect(await screen.findByText('The time is over. Your answers are being graded…')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '4' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toBe('0:00');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/v1/group/7/exam/12').length).toBe(2));
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    expect(saves()).toEqual([]);
  });

  it('says the time is over when the server refuses an answer after the deadline, and shows the graded exam', async () => {
    openPage();
    await screen.findByRole('timer', { name: 'Time left' });
    answerSave = () => {
      // The server has closed the attempt with what was saved before: the page reads it so.
      const closed = anAttempt({ submitted_at: anAttempt().deadline_at, ball: 0, points: 0, max_points: 3 });
      page = { ...page, attempt: closed };
      return json(422, { error: { code: 'exam_time_over', message: 'time over' } });
    };
    fireEvent.click(screen.getByRole('radio', { name: '5' }));
    expect(
      (await screen.findAllByText('The time for this exam is over; the answers saved before the deadline were graded.'))
        .length,
    ).toBeGreaterThan(0);
    expect(await screen.findByText('Your ball')).toBeTruthy();
    expect(screen.getByText('0 of 3 points')).toBeTruthy();
  });

  it('hands in after saying how many questions are unanswered, then shows the ball out of 10', async () => {
    openPage();
    fireEvent.click(await screen.findByRole('radio', { name: '3' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Hand in/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Questions without an answer: 1\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Hand in/ }));
    expect(await screen.findByText('Your ball')).toBeTruthy();
    expect(screen.getByText('3.3')).toBeTruthy();
    expect(screen.getByText('1 of 3 points')).toBeTruthy();
  });
});
