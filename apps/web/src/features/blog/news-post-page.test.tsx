import type { BlogPost } from '@crm/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { aNewsList, aNewsPost } from './blog-fixtures';
import { NewsPostPage } from './news-post-page';

let post: BlogPost | null = aNewsPost();

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/blog/5' && method === 'DELETE') return json(200, { ok: true });
  if (url === '/api/v1/blog/5' && post) return json(200, post);
  if (url.startsWith('/api/v1/blog/?')) return json(200, aNewsList([aNewsPost()]));
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  post = aNewsPost();
});

const openPage = () => renderAt('/blog/news/5', '/blog/news/:id', <NewsPostPage />);

describe('a post (blog/news/{id})', () => {
  it('shows its title, cover and cleaned text on a 390 px phone, with its author’s edit and delete', async () => {
    onScreen('phone');
    openPage();
    expect(await screen.findByRole('heading', { name: 'Spring enrolment', level: 1 })).toBeTruthy();
    expect(screen.getByText('1 March').tagName).toBe('STRONG');
    expect(document.querySelector('.ant-card-cover img')?.getAttribute('src')).toBe(post?.cover);
    expect(screen.getByLabelText('Opened by: 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/blog/news/edit/5');
    expect(screen.getByRole('link', { name: /All news/ }).getAttribute('href')).toBe('/blog/news');
  });

  it('shows a reader neither edit nor delete, nor the count of reads', async () => {
    post = aNewsPost({ policies: { edit: false, delete: false }, views: null, audience: 'students' });
    openPage();
    await screen.findByRole('heading', { name: 'Spring enrolment', level: 1 });
    expect(screen.getByText('Students')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByLabelText(/Opened by/)).toBeNull();
  });

  it('deletes the post only once asked to confirm, then leaves for the list', async () => {
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete “Spring enrolment”?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/blog/5')).toBe(true),
    );
    expect(await screen.findByText('left the page')).toBeTruthy();
  });

  it('says a post it cannot read is not found', async () => {
    post = null;
    openPage();
    expect(await screen.findByText('This post was not found: it may have been deleted.')).toBeTruthy();
  });

  it('has the list read again once opened, so the post loses its unread mark', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['blog', 'list', 1], aNewsList([aNewsPost({ is_viewed: false })]));
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/blog/news/5']}>
          <App>
            <Routes>
              <Route path="/blog/news/:id" element={<NewsPostPage />} />
            </Routes>
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Spring enrolment', level: 1 });
    await waitFor(() => expect(client.getQueryState(['blog', 'list', 1])?.isInvalidated).toBe(true));
  });
});
