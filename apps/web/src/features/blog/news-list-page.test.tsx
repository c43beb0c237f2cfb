import type { BlogList } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { aNewsList, aNewsPost } from './blog-fixtures';
import { NewsListPage } from './news-list-page';

let answer: (url: string) => BlogList | 'pending' = () => aNewsList([]);

const calls = stubApi(({ url }) => {
  if (url.startsWith('/api/v1/blog/?')) {
    const list = answer(url);
    // A list that never arrives: the page stays in its loading state.
    if (list === 'pending') return new Promise<Response>(() => {}) as unknown as Response;
    return json(200, list);
  }
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  answer = () => aNewsList([]);
});

const openPage = (address = '/blog/news') => renderAt(address, '/blog/news', <NewsListPage />);
const cardOf = (title: string) => screen.getByRole('link', { name: title }).closest('.ant-card') as HTMLElement;

describe('the news (blog/news)', () => {
  it('shows a card per post on a 390 px phone: cover, date, author, the unread mark and, for editors, the reads', async () => {
    onScreen('phone');
    answer = () =>
      aNewsList([
        aNewsPost({ id: 6, title: 'Exam week', is_viewed: false, audience: 'students', views: 0, cover: null }),
        aNewsPost({ policies: { edit: false, delete: false }, branch: { id: 2, name: 'Yunusobod' } }),
      ]);
    openPage();
    expect(await screen.findByRole('heading', { name: 'News', level: 1 })).toBeTruthy();
    await screen.findByRole('link', { name: 'Exam week' });

    const exam = cardOf('Exam week');
    expect(within(exam).getByText('Unread')).toBeTruthy();
    expect(within(exam).getByText('Students')).toBeTruthy();
    expect(within(exam).getByRole('link', { name: 'Exam week' }).getAttribute('href')).toBe('/blog/news/6');
    expect(within(exam).getByRole('link', { name: 'Edit “Exam week”' }).getAttribute('href')).toBe('/blog/news/edit/6');
    expect(exam.querySelector('img')).toBeNull();

    const spring = cardOf('Spring enrolment');
    expect(within(spring).queryByText('Unread')).toBeNull();
    expect(within(spring).getByText(/Aziza Karimova/)).toBeTruthy();
    expect(within(spring).getByText('Yunusobod')).toBeTruthy();
    expect(within(spring).getByLabelText('Opened by: 3')).toBeTruthy();
    expect(within(spring).getByText('Classes start on 1 March.')).toBeTruthy();
    expect(spring.querySelector('img')?.getAttribute('src')).toBe(aNewsPost().cover);
    // Editing is its author's: the server said this reader is not.
    expect(within(spring).queryByRole('link', { name: /Edit/ })).toBeNull();
    // One column on a phone: every card takes the whole width.
    expect(spring.closest('.ant-col')?.className).toContain('ant-col-xs-24');
    expect(screen.getByRole('link', { name: /Add news/ }).getAttribute('href')).toBe('/blog/news/add');
  });

  it('shows a reader without posts an empty page, and no way to add one unless he may', async () => {
    onScreen('desktop');
    answer = () => aNewsList([], { create: false });
    openPage();
    expect(await screen.findByText('There is no news for you yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Add news/ })).toBeNull();
  });

  it('says it is loading until the news arrive', async () => {
    answer = () => 'pending';
    openPage();
    expect(await screen.findByRole('status', { name: 'Loading the news' })).toBeTruthy();
  });

  it('reads the next page when asked, keeping the page in the address', async () => {
    onScreen('desktop');
    answer = (url) =>
      url.includes('page=2')
        ? aNewsList([aNewsPost({ id: 1, title: 'Older news' })], { total: 13, page: 2 })
        : aNewsList([aNewsPost()], { total: 13 });
    openPage();
    await screen.findByRole('link', { name: 'Spring enrolment' });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/blog/?page=1&per_page=12']);
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByRole('link', { name: 'Older news' })).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/blog/?page=2&per_page=12'));
  });
});
