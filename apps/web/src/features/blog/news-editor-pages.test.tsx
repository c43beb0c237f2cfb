import type { BlogPost } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { aNewsPost } from './blog-fixtures';
import { AddNewsPage, EditNewsPage } from './news-editor-pages';

const COVER = '/api/v1/blog/cover/1/fedcba9876543210fedcba9876543210';
let post: BlogPost = aNewsPost();
let refuse: ((call: ApiCall) => Response | null) | null = null;
const uploads: File[] = [];

const calls = stubApi((call) => {
  const refusal = refuse?.(call);
  if (refusal) return refusal;
  if (call.url === '/api/v1/blog/' && call.method === 'POST') return json(200, aNewsPost({ id: 9 }));
  if (call.url === '/api/v1/blog/5' && call.method === 'PUT') return json(200, { ...post, ...(call.body as object) });
  if (call.url === '/api/v1/blog/5') return json(200, post);
  return json(404, { error: { code: 'not_found', message: call.url } });
});
// A cover goes as multipart, which the JSON stub above cannot read: those requests are answered here.
beforeEach(() => {
  const answerJson = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (!(init.body instanceof FormData)) return answerJson(url, init);
      uploads.push(init.body.get('file') as File);
      return json(200, { cover: COVER });
    }),
  );
  post = aNewsPost();
  refuse = null;
  uploads.length = 0;
});

const writes = () => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const openAddPage = () => renderAt('/blog/news/add', '/blog/news/add', <AddNewsPage />);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('a new post (blog/news/add)', () => {
  it('says what is missing before sending anything', async () => {
    openAddPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter the title')).toBeTruthy();
    expect(screen.getByText('Write the text of the post')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('uploads the cover and publishes the post for its audience and branch, on a 390 px phone', async () => {
    onScreen('phone');
    openAddPage();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: ' Exam week ' } });
    const body = screen.getByRole('textbox', { name: 'Text' });
    body.innerHTML = '<p>Exams start on <b>Monday</b>.</p>';
    fireEvent.input(body);
    const picker = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'The cover picture' })).toBeTruthy();
    expect(uploads.map((file) => file.name)).toEqual(['cover.png']);
    await choose('Who reads it', 'Students');
    await choose('Branch', 'Chilonzor');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          url: '/api/v1/blog/',
          body: {
            title: 'Exam week',
            cover: COVER,
            body_html: '<p>Exams start on <b>Monday</b>.</p>',
            audience: 'students',
            branch_id: 1,
          },
        },
      ]),
    );
    expect(await screen.findByText('left the page')).toBeTruthy();
  });

  it('refuses a file that is not a picture without sending it', async () => {
    openAddPage();
    const picker = (await waitFor(() => document.querySelector('input[type=file]'))) as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(['gif'], 'cover.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Upload a PNG, JPEG or WebP picture.')).toBeTruthy();
    expect(uploads).toEqual([]);
  });

  it("puts the server's field problems under their fields", async () => {
    refuse = (call) =>
      call.method === 'POST'
        ? json(400, {
            error: {
              code: 'validation_failed',
              message: 'invalid',
              details: [{ field: 'title', rule: 'too_big', limit: 200, message: 'too long' }],
            },
          })
        : null;
    openAddPage();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Long' } });
    const body = screen.getByRole('textbox', { name: 'Text' });
    body.innerHTML = '<p>Text</p>';
    fireEvent.input(body);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter at most 200 characters')).toBeTruthy();
    expect(screen.queryByText('left the page')).toBeNull();
  });
});

describe('changing a post (blog/news/edit/{id})', () => {
  const openEditPage = () => renderAt('/blog/news/edit/5', '/blog/news/edit/:id', <EditNewsPage />);

  it('fills the form with the post and saves the change, the cover removed', async () => {
    post = aNewsPost({ branch: { id: 2, name: 'Yunusobod' }, audience: 'staff' });
    openEditPage();
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Spring enrolment');
    expect(
      within(screen.getByRole('combobox', { name: 'Branch' }).closest('.ant-select') as HTMLElement).getByText(
        'Yunusobod',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Spring enrolment is open' } });
    fireEvent.click(screen.getByRole('button', { name: /Remove the picture/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'PUT',
          url: '/api/v1/blog/5',
          body: {
            title: 'Spring enrolment is open',
            cover: null,
            body_html: post.body_html,
            audience: 'staff',
            branch_id: 2,
          },
        },
      ]),
    );
    expect(await screen.findByText('left the page')).toBeTruthy();
  });

  it('tells another editor that only the author changes it', async () => {
    post = aNewsPost({ policies: { edit: false, delete: false } });
    openEditPage();
    expect(await screen.findByText('Only the author of this post can change it.')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
