import { Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { json, stubApi } from '../courses/test-support';
import { aGroupLessonLine, aGroupLessons } from './course-lessons-fixtures';
import { GroupLessonsPage } from './group-lessons-page';
import { renderAt } from './test-support';

let answer = aGroupLessons([]);

const calls = stubApi(({ method, url, body }) => {
  if (url === '/api/v1/group/7/lesson-opening' && method === 'PUT') {
    answer = { ...answer, open_all: (body as { open_all: boolean }).open_all };
    return json(200, answer);
  }
  if (url === '/api/v1/group/7/lessons') return json(200, answer);
  // The group's exams card below the lessons (features/exams): none planned.
  if (url === '/api/v1/group/7/exams') return json(200, { data: [], policies: { manage: false } });
  return json(404, { error: { code: 'not_found', message: url } });
});

const openPage = () => renderAt('/groups/3/7/lessons', '/groups/:courseId/:groupId/lessons', <GroupLessonsPage />);
const lineOf = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe("the group's lessons (groups/{courseId}/{groupId}/lessons)", () => {
  describe('as its student', () => {
    beforeEach(() => {
      storeUser(aUser([Role.student]), 'token');
      answer = aGroupLessons([
        aGroupLessonLine({
          id: 1,
          title: 'Greetings',
          module: 1,
          has_homework: true,
          homework_due: '2025-03-05',
          my_answer: { late: true, score: 4, reviewed: true },
        }),
        aGroupLessonLine({ id: 2, position: 2, title: 'Numbers', module: 1, date: '2025-03-12', opened: false }),
        aGroupLessonLine({ id: 3, position: 3, title: 'Family', date: null, start_time: null, opened: false }),
      ]);
    });

    it('opens only the lessons the group has reached, and shows his answers', async () => {
      openPage();
      const greetings = await screen.findByRole('link', { name: 'Greetings' });
      expect(greetings.getAttribute('href')).toBe('/groups/7/lessons-v2/3/1');
      // A locked lesson is its title only: nothing to click until its day.
      expect(screen.queryByRole('link', { name: 'Numbers' })).toBeNull();
      expect(within(lineOf('Numbers')).getByRole('img', { name: 'Locked: opens on its day' })).toBeTruthy();
      expect(within(lineOf('Family')).getByText(/Not scheduled yet/)).toBeTruthy();
      const first = lineOf('Greetings');
      expect(within(first).getByText('Late')).toBeTruthy();
      expect(within(first).getByText('4 / 5')).toBeTruthy();
      expect(within(first).getByText('Due 05.03.2025')).toBeTruthy();
      expect(screen.getAllByText('Module 1')).toHaveLength(2);
      expect(screen.getByText('1 of 3 lessons open')).toBeTruthy();
      expect(screen.getByText(/Wednesday, 12\.03\.2025 · 09:00–10:30 · Room 101/)).toBeTruthy();
      expect(screen.queryByRole('switch')).toBeNull();
      expect(screen.queryByRole('link', { name: /Add a lesson/ })).toBeNull();
    });
  });

  describe('as its teacher', () => {
    beforeEach(() => {
      storeUser(aUser([Role.teacher]), 'token');
      answer = aGroupLessons(
        [
          aGroupLessonLine({ id: 1, title: 'Greetings', has_homework: true, answers: { handed_in: 5, reviewed: 3 } }),
          aGroupLessonLine({
            id: 2,
            position: 2,
            title: 'Numbers',
            opened: false,
            answers: { handed_in: 0, reviewed: 0 },
          }),
        ],
        { policies: { add_lesson: true, change_opening: true, edit_syllabus: false, read_locked: true } },
      );
    });

    it('reads every lesson, counts the answers, adds a lesson and opens all lessons at once', async () => {
      openPage();
      expect((await screen.findByRole('link', { name: 'Numbers' })).getAttribute('href')).toBe(
        '/groups/7/lessons-v2/3/2',
      );
      expect(within(lineOf('Greetings')).getByText('Answers: 5, reviewed: 3')).toBeTruthy();
      expect(screen.getByRole('link', { name: /Add a lesson for this group/ }).getAttribute('href')).toBe(
        '/groups/7/add-lesson',
      );
      expect(screen.queryByRole('link', { name: /Course syllabus/ })).toBeNull();
      fireEvent.click(screen.getByRole('switch', { name: /Open all lessons to students at once/ }));
      await waitFor(() =>
        expect(calls.find((call) => call.method === 'PUT')).toEqual({
          method: 'PUT',
          url: '/api/v1/group/7/lesson-opening',
          body: { open_all: true },
        }),
      );
      expect(await screen.findByText('All lessons are open to students')).toBeTruthy();
    });
  });
});
