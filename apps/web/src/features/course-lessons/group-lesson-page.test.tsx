import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { json, stubApi } from '../courses/test-support';
import { aGroupLesson, anAnswer } from './course-lessons-fixtures';
import { GroupLessonPage } from './group-lesson-page';
import { renderAt } from './test-support';

let lesson = aGroupLesson();

const calls = stubApi(({ method, url, body }) => {
  if (url === '/api/v1/group/7/lesson/1/answer/21/review' && method === 'PUT') {
    return json(200, anAnswer({ ...(body as object), reviewed_at: '2025-03-06T08:00:00Z', reviewer_name: 'Anvar' }));
  }
  if (url === '/api/v1/group/7/lesson/1/answer' && method === 'PUT') {
    return json(200, anAnswer({ text: (body as { text: string }).text }));
  }
  if (url === '/api/v1/group/7/lesson/1') return json(200, lesson);
  if (url === '/api/v1/group/7/lessons') return json(200, {});
  return json(404, { error: { code: 'not_found', message: url } });
});

const openPage = () =>
  renderAt('/groups/7/lessons-v2/3/1', '/groups/:id/lessons-v2/:courseId/:lessonId', <GroupLessonPage />);

describe('a lesson of the group (groups/{id}/lessons-v2/{courseId}/{lessonId})', () => {
  it("gives the teacher every student's answer to score and comment on", async () => {
    storeUser(aUser([Role.teacher]), 'token');
    lesson = aGroupLesson({
      answers: [
        {
          student_id: 21,
          student_name: 'Aziz Karimov',
          answer: anAnswer({
            late: true,
            file: { name: 'family.pdf', mime_type: 'application/pdf', size: 80_000, url: '/media/signed-1' },
          }),
        },
        { student_id: 22, student_name: 'Bobur Aliev', answer: null },
      ],
    });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Greetings' })).toBeTruthy();
    expect(screen.getByText('Write about your family.')).toBeTruthy();
    expect(screen.getByText('Handed in: 1 of 2 · reviewed: 0')).toBeTruthy();
    const aziz = screen.getByText('Aziz Karimov').closest('li') as HTMLElement;
    expect(within(aziz).getByText('Late')).toBeTruthy();
    expect(within(aziz).getByText('My essay about my family.')).toBeTruthy();
    // Downloaded straight from its signed link: an <a> cannot send the session's token.
    expect(within(aziz).getByRole('link', { name: 'Download family.pdf' }).getAttribute('href')).toBe(
      '/api/v1/media/signed-1',
    );
    const bobur = screen.getByText('Bobur Aliev').closest('li') as HTMLElement;
    expect(within(bobur).getByText('Not handed in')).toBeTruthy();
    expect(within(bobur).queryByRole('button', { name: /Save/ })).toBeNull();

    fireEvent.mouseDown(within(aziz).getByRole('combobox', { name: 'Score of Aziz Karimov' }));
    fireEvent.click(await screen.findByText('4 / 5', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(aziz).getByLabelText('Comment to Aziz Karimov'), { target: { value: ' Well done ' } });
    fireEvent.click(within(aziz).getByRole('button', { name: 'Save the review of Aziz Karimov' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        url: '/api/v1/group/7/lesson/1/answer/21/review',
        body: { score: 4, comment: 'Well done' },
      }),
    );
    expect(await within(aziz).findByText(/^Reviewed by Anvar, 06\.03\.2025 \d\d:\d\d$/)).toBeTruthy();
  });

  it('lets the student hand in his answer until it is reviewed', async () => {
    storeUser(aUser([Role.student]), 'token');
    lesson = aGroupLesson({ policies: { edit: false, delete: false, answer: true, review: false } });
    openPage();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your answer' }), {
      target: { value: 'My family is big.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ text: 'My family is big.' }),
    );
    expect(await screen.findByText('Your answer is handed in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('shows the student his reviewed answer with its score and the comment, and no way to change it', async () => {
    storeUser(aUser([Role.student]), 'token');
    lesson = aGroupLesson({
      my_answer: anAnswer({
        score: 5,
        comment: 'Excellent',
        reviewed_at: '2025-03-06T08:00:00Z',
        reviewer_name: 'Anvar',
      }),
      policies: { edit: false, delete: false, answer: true, review: false },
    });
    openPage();
    expect(await screen.findByText('5 / 5')).toBeTruthy();
    expect(screen.getByText('Excellent')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Attach a file|Replace the file/ })).toBeNull();
  });
});
