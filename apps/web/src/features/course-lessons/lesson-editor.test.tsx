import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { aCourseLesson } from './course-lessons-fixtures';
import { AddCourseLessonPage, CourseLessonPage } from './lesson-editor-pages';
import { renderAt } from './test-support';

const course = {
  id: 3,
  name: 'English',
  code: null,
  description: null,
  price: 500_000,
  parent_id: null,
  lesson_duration: 90,
  course_duration: 6,
  exam_duration: null,
  lessons_per_module: 4,
  color: '#1677ff',
  levels: [],
  parent: null,
};
const folders = [
  {
    id: 5,
    course_id: 3,
    name: 'Books',
    files: [
      { id: 41, folder_id: 5, name: 'Unit 1.pdf', mime_type: 'application/pdf', size: 2_500_000, created_at: '' },
    ],
  },
];
let refuse: ((call: ApiCall) => Response | null) | null = null;
let lesson = aCourseLesson();

const calls = stubApi((call) => {
  const refusal = refuse?.(call);
  if (refusal) return refusal;
  if (call.url === '/api/v1/course/3') return json(200, course);
  if (call.url === '/api/v1/folder?course_id=3') return json(200, { data: folders });
  if (call.url === '/api/v1/course/3/lessons' && call.method === 'POST') return json(200, aCourseLesson({ id: 30 }));
  if (call.url === '/api/v1/course-lesson/1') return json(200, lesson);
  return json(404, { error: { code: 'not_found', message: call.url } });
});

beforeEach(() => {
  refuse = null;
  lesson = aCourseLesson();
});

const posts = () => calls.filter((call) => call.method === 'POST');
const openAddPage = () => renderAt('/courses/3/add-lesson', '/courses/:courseId/add-lesson', <AddCourseLessonPage />);

async function fillTitleAndBody() {
  fireEvent.change(await screen.findByLabelText('Title'), { target: { value: ' Family ' } });
  const body = screen.getByRole('textbox', { name: 'Lesson text' });
  body.innerHTML = '<p>Words about the <b>family</b>.</p>';
  fireEvent.input(body);
}

describe('the lesson editor (courses/{courseId}/add-lesson)', () => {
  it('refuses a link that is not YouTube or Vimeo, then sends the lesson with the video it embeds', async () => {
    openAddPage();
    await fillTitleAndBody();
    fireEvent.click(screen.getByRole('radio', { name: 'YouTube or Vimeo' }));
    const link = await screen.findByLabelText('Video link');
    fireEvent.change(link, { target: { value: 'https://example.com/watch?v=dQw4w9WgXcQ' } });
    expect(await screen.findByText('This is not a YouTube or Vimeo video link')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posts()).toEqual([]);

    fireEvent.change(link, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    const preview = (await screen.findByTitle('Video preview')) as HTMLIFrameElement;
    expect(preview.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(await screen.findByLabelText('What to do'), { target: { value: 'Draw your family tree.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'A file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));

    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: 'POST',
          url: '/api/v1/course/3/lessons',
          body: {
            title: 'Family',
            body_html: '<p>Words about the <b>family</b>.</p>',
            video: { kind: 'link', url: 'https://youtu.be/dQw4w9WgXcQ' },
            file_ids: [],
            homework: { instructions: 'Draw your family tree.', due_days: 7, answer: 'file' },
          },
        },
      ]),
    );
    expect(await screen.findByText('left the page')).toBeTruthy();
  });

  it("puts the server's field problems under their fields", async () => {
    refuse = (call) =>
      call.method === 'POST'
        ? json(400, {
            error: {
              code: 'validation_failed',
              message: 'invalid',
              details: [{ field: 'homework.instructions', rule: 'too_big', limit: 5000, message: 'too long' }],
            },
          })
        : null;
    openAddPage();
    await fillTitleAndBody();
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(await screen.findByLabelText('What to do'), { target: { value: 'Read.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(await screen.findByText('Enter at most 5000 characters')).toBeTruthy();
    expect(screen.queryByText('left the page')).toBeNull();
  });
});

describe('a lesson (lessons/{lessonId})', () => {
  it('fills the editor with the lesson and its files, and saves the changes', async () => {
    lesson = aCourseLesson({
      files: [{ id: 41, name: 'Unit 1.pdf', mime_type: 'application/pdf', size: 2_500_000, url: '/media/t1' }],
      video: {
        kind: 'link',
        url: 'https://vimeo.com/76979871',
        provider: 'vimeo',
        embed_url: 'https://player.vimeo.com/video/76979871',
      },
    });
    refuse = (call) => (call.method === 'PUT' ? json(200, { ...lesson, title: 'Greetings!' }) : null);
    renderAt('/lessons/1', '/lessons/:lessonId', <CourseLessonPage />);
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Greetings');
    expect(screen.getByTitle('Unit 1.pdf (2.4 MB)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Greetings!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        title: 'Greetings!',
        body_html: '<p>Say <b>hello</b>.</p>',
        video: { kind: 'link', url: 'https://vimeo.com/76979871' },
        file_ids: [41],
        homework: null,
      }),
    );
    expect(await screen.findByText('Lesson saved')).toBeTruthy();
  });

  it('reads as the lesson itself where the server allows no change', async () => {
    lesson = aCourseLesson({ policies: { edit: false, delete: false } });
    renderAt('/lessons/1', '/lessons/:lessonId', <CourseLessonPage />);
    expect(await screen.findByRole('heading', { name: 'Greetings' })).toBeTruthy();
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
