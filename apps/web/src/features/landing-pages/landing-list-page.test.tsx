import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aLandingPage } from './landing-fixtures';
import { LandingListPage } from './landing-list-page';

const { blocks: _blocks, ...listed } = aLandingPage();
let pages: (typeof listed)[] = [];

const calls = stubApi(({ method, url }) => {
  if (method === 'GET' && url === '/api/v1/landing-pages')
    return json(200, { data: pages, policies: { create: true } });
  if (method === 'DELETE' && url === '/api/v1/landing-pages/5') {
    pages = [];
    return json(200, { ok: true });
  }
  return json(404, { error: { code: 'not_found', message: url } });
});

describe('the landing pages list', () => {
  it('says there are none yet and leads to the first one', async () => {
    pages = [];
    renderPage(<LandingListPage />);
    expect(await screen.findByText(/No landing pages yet/)).toBeTruthy();
    const creates = screen.getAllByRole('link', { name: /Create page/ });
    expect(creates.map((link) => link.getAttribute('href'))).toContain('/form/landing-pages/new');
    expect(screen.getByRole('link', { name: /Log-in page look/ }).getAttribute('href')).toBe('/form/login-form');
  });

  it('shows a page with its address, language and state, and deletes it after asking', async () => {
    pages = [
      listed,
      { ...listed, id: 6, slug: 'autumn', title: 'Autumn', path: '/landing-page/autumn', published: false },
    ];
    onScreen('desktop');
    renderPage(<LandingListPage />);
    const title = await screen.findByRole('link', { name: 'Summer IELTS' });
    expect(title.getAttribute('href')).toBe('/form/landing-pages/5');
    const row = title.closest('tr') as HTMLElement;
    expect(within(row).getByText('/landing-page/summer-ielts')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy the address' })).toBeTruthy();
    expect(within(row).getByText('Published')).toBeTruthy();
    expect(within(row).getByText('English')).toBeTruthy();
    const open = within(row).getByRole('link', { name: 'Open the page “Summer IELTS” in a new tab' });
    expect(open.getAttribute('href')).toBe('/landing-page/summer-ielts');
    expect(open.getAttribute('target')).toBe('_blank');
    // A draft has no public page yet: nothing to open.
    const draft = screen.getByRole('link', { name: 'Autumn' }).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).queryByRole('link', { name: /Open the page/ })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Delete the page “Summer IELTS”' }));
    expect(await screen.findByText('Delete the page “Summer IELTS”?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Landing page deleted')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
