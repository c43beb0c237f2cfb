import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser, todayIn } from '../../test/session-fixtures';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { aGroupExams, anExam } from './exams-fixtures';
import { GroupExamsCard } from './group-exams-card';
import { MyGroupExams } from './my-group-exams';

let answer = aGroupExams([]);

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/group/7/exams' && method === 'POST') return json(200, anExam({ id: 30 }));
  if (url === '/api/v1/group/7/exam/12' && method === 'PUT') {
    return json(422, { error: { code: 'exam_taken', message: 'taken' } });
  }
  if (url === '/api/v1/group/7/exams') return json(200, answer);
  return json(404, { error: { code: 'not_found', message: url } });
});

const openCard = () =>
  renderAt('/groups/3/7/lessons', '/groups/:courseId/:groupId/lessons', <GroupExamsCard groupId={7} courseId={3} />);
const itemOf = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
/** The open dialog: its buttons are looked for in it alone (a search of the whole page by role is slow in jsdom). */
const dialog = () => within(document.querySelector('.ant-modal') as HTMLElement);

describe("the group's exams (on its lessons page)", () => {
  describe('as its teacher', () => {
    beforeEach(() => {
      storeUser(aUser([Role.teacher]), 'token');
      answer = aGroupExams([
        anExam({ id: 10, title: 'Entry test', date: '2025-02-01', state: 'done', results: { done: 3, of: 3 } }),
        anExam({ id: 11, title: 'Module 1 quiz', kind: 'online', date: '2025-03-01', state: 'overdue', bank_size: 0 }),
        anExam({ id: 12, title: 'Module 1 test', state: 'due', results: { done: 1, of: 3 } }),
      ]);
    });

    it('shows each exam with its state and results, and links to its page', async () => {
      openCard();
      expect((await screen.findByRole('link', { name: 'Module 1 test' })).getAttribute('href')).toBe(
        '/groups/7/exam/12',
      );
      expect(within(itemOf('Entry test')).getByText('Done')).toBeTruthy();
      expect(within(itemOf('Entry test')).getByText('Results: 3 of 3')).toBeTruthy();
      const quiz = itemOf('Module 1 quiz');
      expect(within(quiz).getByText('Overdue')).toBeTruthy();
      expect(within(quiz).getByText('Online')).toBeTruthy();
      expect(within(quiz).getByText('60 min')).toBeTruthy();
      expect(within(quiz).getByText(/question bank is empty/)).toBeTruthy();
      const test = itemOf('Module 1 test');
      expect(within(test).getByText('Due')).toBeTruthy();
      expect(within(test).getByText('Module 1')).toBeTruthy();
      expect(within(test).getByText('Results: 1 of 3')).toBeTruthy();
    });

    it('adds an online exam, and shows the refusal to change one already taken', async () => {
      openCard();
      fireEvent.click(await screen.findByRole('button', { name: /Add exam/ }));
      fireEvent.change(await screen.findByLabelText('Title'), { target: { value: ' Final ' } });
      fireEvent.click(dialog().getByRole('radio', { name: 'Online' }));
      fireEvent.change(await screen.findByLabelText('Minutes'), { target: { value: '45' } });
      fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
          title: 'Final',
          kind: 'online',
          date: todayIn().format('YYYY-MM-DD'),
          module: null,
          duration_minutes: 45,
          question_count: null,
        }),
      );
      expect(await screen.findByText('Exam added')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Edit the exam “Module 1 test”' }));
      expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Module 1 test');
      fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('Students have already taken this exam; it can no longer be changed.'),
      ).toBeTruthy();
    });
  });

  describe('as its student', () => {
    beforeEach(() => {
      storeUser(aUser([Role.student]), 'token');
      answer = aGroupExams(
        [
          anExam({ id: 10, title: 'Entry test', state: 'done', my_ball: 8.5 }),
          anExam({ id: 12, title: 'Module 1 test', state: 'due' }),
        ],
        { policies: { manage: false } },
      );
    });

    it('shows his ball and changes nothing', async () => {
      openCard();
      await screen.findByRole('link', { name: 'Entry test' });
      expect(within(itemOf('Entry test')).getByText('Your ball: 8.5 / 10')).toBeTruthy();
      expect(within(itemOf('Module 1 test')).getByText('Due')).toBeTruthy();
      expect(screen.queryByText(/Results:/)).toBeNull();
      expect(screen.queryByRole('button', { name: /Add exam/ })).toBeNull();
      expect(screen.queryByRole('button', { name: /Edit the exam/ })).toBeNull();
    });

    it('lists on his "Course lessons" only the exams still ahead of him', async () => {
      answer = aGroupExams(
        [
          anExam({ id: 10, title: 'Entry test', state: 'done', my_ball: 8.5 }),
          anExam({ id: 11, title: 'Missed quiz', state: 'overdue' }),
          anExam({ id: 12, title: 'Module 1 test', kind: 'online', date: '2025-03-12' }),
        ],
        { policies: { manage: false } },
      );
      renderAt('/courses/lessons', '/courses/lessons', <MyGroupExams groupId={7} />);
      const link = await screen.findByRole('link', { name: 'Module 1 test' });
      expect(link.getAttribute('href')).toBe('/groups/7/exam/12');
      expect(within(itemOf('Module 1 test')).getByText('12.03.2025')).toBeTruthy();
      expect(screen.queryByText('Entry test')).toBeNull();
      expect(screen.queryByText('Missed quiz')).toBeNull();
    });
  });
});
