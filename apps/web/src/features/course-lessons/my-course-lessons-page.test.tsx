import { Role } from '@crm/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { onScreen } from '../../test/screen-width';
import { aUser } from '../../test/session-fixtures';
import { json, stubApi } from '../courses/test-support';
import { aMyCourseGroup } from './course-lessons-fixtures';
import { MyCourseLessonsPage } from './my-course-lessons-page';
import { renderAt } from './test-support';

let groups = [aMyCourseGroup()];

stubApi(({ url }) => {
  if (url === '/api/v1/course-lessons/mine') return json(200, { data: groups });
  // Each group's exams ahead (features/exams): none.
  if (/^\/api\/v1\/group\/\d+\/exams$/.test(url)) return json(200, { data: [], policies: { manage: false } });
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  storeUser(aUser([Role.student]), 'token');
  groups = [
    aMyCourseGroup({
      homework_due: [
        { lesson_id: 4, title: 'My family', due: '2025-03-10' },
        { lesson_id: 5, title: 'Numbers 1–100', due: '2025-03-12' },
      ],
    }),
    aMyCourseGroup({
      group_id: 9,
      group_title: 'MATH-9',
      course_id: 6,
      course_name: 'Mathematics',
      progress: { opened: 0, total: 0 },
      next_lesson: null,
    }),
  ];
});

const openPage = () => renderAt('/courses/lessons', '/courses/lessons', <MyCourseLessonsPage />);
const cardOf = (course: string) => screen.getByText(course).closest('.ant-card') as HTMLElement;

describe('the student\'s "Course lessons" (courses/lessons)', () => {
  it('shows each group with its progress, next lesson and the homework he owes, on a 390 px phone', async () => {
    onScreen('phone');
    openPage();
    expect(await screen.findByRole('heading', { name: 'Course lessons' })).toBeTruthy();
    await screen.findByText('English');
    const english = cardOf('English');
    expect(within(english).getByText('ENG-7')).toBeTruthy();
    expect(within(english).getByText('4 of 12 lessons open')).toBeTruthy();
    expect(within(english).getByRole('progressbar', { name: '4 of 12 lessons open' })).toBeTruthy();
    expect(within(english).getByText(/Wednesday, 12\.03\.2025 · 09:00–10:30 · Room 101/)).toBeTruthy();
    expect(within(english).getByRole('link', { name: 'My family' }).getAttribute('href')).toBe(
      '/groups/7/lessons-v2/3/4',
    );
    expect(within(english).getByText('Due 10.03.2025')).toBeTruthy();
    expect(
      within(english)
        .getByRole('link', { name: /All lessons/ })
        .getAttribute('href'),
    ).toBe('/groups/3/7/lessons');
    // One column on a phone: every card takes the whole width.
    expect(english.closest('.ant-col')?.className).toContain('ant-col-xs-24');

    const math = cardOf('Mathematics');
    expect(within(math).getByText('No lessons ahead')).toBeTruthy();
    expect(within(math).getByText('Nothing to hand in')).toBeTruthy();
  });

  it('says where lessons will appear when he is in no group yet', async () => {
    groups = [];
    openPage();
    expect(await screen.findByText(/not in a group with course lessons yet/)).toBeTruthy();
  });
});
