import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../courses/test-support';
import { aLessonSummary, aSyllabus } from './course-lessons-fixtures';
import { CourseSyllabus } from './course-syllabus';
import { renderAt } from './test-support';

const lessons = [
  aLessonSummary({ id: 11, number: 1, module: 1, title: 'Greetings', has_video: true }),
  aLessonSummary({ id: 12, number: 2, module: 1, title: 'Numbers', has_homework: true, file_count: 2 }),
  aLessonSummary({ id: 13, number: 3, module: 2, title: 'Family' }),
];
let syllabus = aSyllabus(lessons);
let refuseOrder = false;

const calls = stubApi(({ method, url, body }) => {
  if (url === '/api/v1/course/3/lessons/order' && method === 'PUT') {
    if (refuseOrder) return json(409, { error: { code: 'syllabus_order_mismatch', message: 'changed' } });
    const ids = (body as { ids: number[] }).ids;
    syllabus = {
      ...syllabus,
      lessons: ids.map((id, index) => ({
        ...(lessons.find((lesson) => lesson.id === id) ?? lessons[0]!),
        number: index + 1,
        module: Math.ceil((index + 1) / 2),
      })),
    };
    return json(200, syllabus);
  }
  if (url === '/api/v1/course/3/lessons') return json(200, syllabus);
  return json(404, { error: { code: 'not_found', message: url } });
});

/**
 * jsdom lays nothing out: each lesson row is given a 48 px high box in its list order, so dnd-kit's keyboard
 * moves (which look for the row below) find their way as in a browser.
 */
beforeEach(() => {
  syllabus = aSyllabus(lessons, { course: { id: 3, name: 'English', lessons_per_module: 2 } });
  refuseOrder = false;
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const rows = [...document.querySelectorAll('[data-lesson-row]')];
    const index = rows.indexOf(this);
    if (index < 0) return original.call(this);
    const top = index * 48;
    return { x: 0, y: top, top, left: 0, width: 320, height: 48, right: 320, bottom: top + 48, toJSON: () => ({}) };
  });
});
afterEach(() => vi.restoreAllMocks());

const titlesInOrder = () => [...document.querySelectorAll('[data-lesson-row] a')].map((link) => link.textContent);

/** dnd-kit listens for the next key only after a tick of its own (it must not take the key that started it). */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Picks the lesson up by its handle with Space, moves it one place down, and puts it there. */
async function moveDownByKeyboard(title: string) {
  const handle = screen.getByRole('button', { name: new RegExp(`Move lesson \\d+: ${title}`) });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await nextTick();
  fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
  await nextTick();
  fireEvent.keyDown(document, { code: 'Space', key: ' ' });
  await nextTick();
}

describe('the course syllabus (course page)', () => {
  it('shows lessons under their modules, with links and what each lesson has', async () => {
    renderAt('/courses/3', '/courses/:courseId', <CourseSyllabus courseId={3} />);
    expect(await screen.findByRole('heading', { name: 'Module 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Module 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Numbers' }).getAttribute('href')).toBe('/lessons/12');
    const numbers = screen.getByRole('link', { name: 'Numbers' }).closest('[data-lesson-row]') as HTMLElement;
    expect(within(numbers).getByRole('img', { name: 'Homework' })).toBeTruthy();
    expect(within(numbers).getByRole('img', { name: 'Files: 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Add lesson/ }).getAttribute('href')).toBe('/courses/3/add-lesson');
  });

  it('moves a lesson with the keyboard and sends every lesson in the new order', async () => {
    renderAt('/courses/3', '/courses/:courseId', <CourseSyllabus courseId={3} />);
    await screen.findByRole('link', { name: 'Greetings' });
    await moveDownByKeyboard('Greetings');
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ids: [12, 11, 13] }));
    await waitFor(() => expect(titlesInOrder()).toEqual(['Numbers', 'Greetings', 'Family']));
    expect(await screen.findByText('The new order of lessons is saved')).toBeTruthy();
  });

  it('puts the old order back when the server refuses the new one', async () => {
    refuseOrder = true;
    renderAt('/courses/3', '/courses/:courseId', <CourseSyllabus courseId={3} />);
    await screen.findByRole('link', { name: 'Greetings' });
    await moveDownByKeyboard('Greetings');
    expect(
      await screen.findByText('The lessons of the course changed meanwhile; reload the page and try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(titlesInOrder()).toEqual(['Greetings', 'Numbers', 'Family']));
  });

  it('offers neither adding nor moving where the server does not allow them', async () => {
    syllabus = aSyllabus(lessons, { policies: { add: false, reorder: false } });
    renderAt('/courses/3', '/courses/:courseId', <CourseSyllabus courseId={3} />);
    await screen.findByRole('link', { name: 'Greetings' });
    expect(screen.queryByRole('link', { name: /Add lesson/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move lesson/ })).toBeNull();
  });

  it('says how to begin when the course has no lessons', async () => {
    syllabus = aSyllabus([]);
    renderAt('/courses/3', '/courses/:courseId', <CourseSyllabus courseId={3} />);
    expect(await screen.findByText(/No lessons yet/)).toBeTruthy();
  });
});
