import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { json, stubApi } from '../courses/test-support';
import { aCourseLesson, aGroupLessonLine, aGroupLessons } from './course-lessons-fixtures';
import { AddGroupLessonPage } from './lesson-editor-pages';
import { renderAt } from './test-support';

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/group/7/lessons' && method === 'POST') return json(200, aCourseLesson({ id: 40, group_id: 7 }));
  if (url === '/api/v1/group/7/lessons') {
    return json(
      200,
      aGroupLessons(
        [
          aGroupLessonLine({ id: 1, title: 'Greetings' }),
          aGroupLessonLine({ id: 2, position: 2, title: 'Numbers' }),
          aGroupLessonLine({ id: 3, position: 3, title: 'Family', opened: false }),
        ],
        { policies: { add_lesson: true, change_opening: true, edit_syllabus: false, read_locked: true } },
      ),
    );
  }
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => storeUser(aUser([Role.teacher]), 'token'));

describe("a lesson for one group (groups/{id}/add-lesson), by the group's teacher", () => {
  it('comes after the last lesson the group reached unless placed elsewhere, with what a teacher may attach', async () => {
    renderAt('/groups/7/add-lesson', '/groups/:id/add-lesson', <AddGroupLessonPage />);
    expect(await screen.findByRole('heading', { name: 'New lesson for ENG-7' })).toBeTruthy();
    expect(screen.getByTitle('After 2. Numbers')).toBeTruthy();
    // The course's folders and its video uploads are the course staff's: a teacher links a video.
    expect(screen.queryByRole('radio', { name: 'Upload a file' })).toBeNull();
    expect(screen.getByText(/attached by the course's staff/)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/v1/folder'))).toBe(false);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: "Place among the group's lessons" }));
    fireEvent.click(await screen.findByText('At the beginning', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Revision' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Revision',
        body_html: '',
        video: { kind: 'none' },
        file_ids: [],
        homework: null,
        after_lesson_id: null,
      }),
    );
    expect(await screen.findByText('left the page')).toBeTruthy();
  });
});
