import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { type ApiCall, json, stubApi } from '../courses/test-support';
import { EditLandingPage, NewLandingPage } from './landing-editor-pages';
import { aLandingPage } from './landing-fixtures';

let answerSave: (call: ApiCall) => Response = () => json(500, {});

const calls = stubApi((call) => {
  if (call.method === 'GET' && call.url === '/api/v1/landing-pages/5') return json(200, aLandingPage());
  if (call.method === 'POST' || call.method === 'PUT') return answerSave(call);
  return json(404, { error: { code: 'not_found', message: call.url } });
});
const saves = () => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');

/**
 * jsdom lays nothing out: each block's card is given a 200 px high box in its list order, so dnd-kit's keyboard
 * moves (which look for the block below) find their way as in a browser.
 */
beforeEach(() => {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = [...document.querySelectorAll('[data-block-row]')].indexOf(this);
    if (index < 0) return original.call(this);
    const top = index * 200;
    return { x: 0, y: top, top, left: 0, width: 600, height: 200, right: 600, bottom: top + 200, toJSON: () => ({}) };
  });
});
afterEach(() => vi.restoreAllMocks());

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const blockCard = (title: string) => screen.getByText(title).closest('[data-block-row]') as HTMLElement;
const blockTitles = () =>
  [...document.querySelectorAll('[data-block-row]')].map(
    (row) => row.querySelector('.ant-card-head-title')?.textContent,
  );

/** dnd-kit listens for the next key only after a tick of its own (it must not take the key that started it). */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function moveDownByKeyboard(handleName: string) {
  const handle = screen.getByRole('button', { name: handleName });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await nextTick();
  fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
  await nextTick();
  fireEvent.keyDown(document, { code: 'Space', key: ' ' });
  await nextTick();
}

describe('the landing page editor', () => {
  it('builds a page from blocks, reorders them by keyboard, and keeps everything when the address is taken', async () => {
    answerSave = ({ body }) =>
      (body as { slug: string }).slug === 'summer-ielts'
        ? json(409, { error: { code: 'landing_slug_taken', message: 'taken' } })
        : json(200, aLandingPage({ slug: 'summer-ielts-2', published: false }));
    renderAt('/form/landing-pages/new', '/form/landing-pages/new', <NewLandingPage />);

    fill(await screen.findByLabelText('Address'), 'Summer-IELTS');
    fill(screen.getByLabelText('Title'), 'Summer IELTS');
    expect(screen.getByText(/No blocks yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Cover$/ }));
    fill(within(await waitFor(() => blockCard('1. Cover'))).getByLabelText('Heading'), 'Pass IELTS this summer');
    fireEvent.click(screen.getByRole('button', { name: /Reviews$/ }));
    const reviews = await waitFor(() => blockCard('2. Reviews'));
    fill(within(reviews).getByLabelText('Name'), 'Aziza');
    fill(within(reviews).getByLabelText('What they say'), 'Great teachers');

    await moveDownByKeyboard('Move block 1: Cover');
    await waitFor(() => expect(blockTitles()).toEqual(['1. Reviews', '2. Cover']));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another landing page of the centre already has this address.')).toBeTruthy();
    expect(saves()[0]).toMatchObject({ method: 'POST', url: '/api/v1/landing-pages' });
    expect(saves()[0]?.body).toEqual({
      slug: 'summer-ielts',
      locale: 'en',
      title: 'Summer IELTS',
      description: '',
      pixel_id: null,
      published: false,
      blocks: [
        { type: 'testimonials', heading: '', items: [{ name: 'Aziza', text: 'Great teachers' }] },
        { type: 'hero', heading: 'Pass IELTS this summer', text: '', button: '', image: null },
      ],
    });

    // Nothing typed was lost: a new address is all it takes.
    fill(screen.getByLabelText('Address'), 'summer-ielts-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('left the page')).toBeTruthy();
    expect(saves()[1]?.body).toMatchObject({
      slug: 'summer-ielts-2',
      blocks: [{ type: 'testimonials' }, { type: 'hero' }],
    });
  });

  it('refuses a wrong address and a page without blocks before asking the server', async () => {
    renderAt('/form/landing-pages/new', '/form/landing-pages/new', <NewLandingPage />);
    fill(await screen.findByLabelText('Address'), '-summer');
    fill(screen.getByLabelText('Title'), 'Summer');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Use small Latin letters, digits and hyphens/)).toBeTruthy();
    expect(screen.getByText('Add at least one block.')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('saves a page, places the server’s problems under their fields, and reloads the preview after each save', async () => {
    onScreen('desktop');
    let refused = true;
    answerSave = ({ body }) => {
      if (refused) {
        refused = false;
        const details = [{ field: 'blocks.0.heading', rule: 'too_big', limit: 160, message: 'too long' }];
        return json(400, { error: { code: 'validation_failed', message: 'invalid', details } });
      }
      return json(200, { ...aLandingPage(), ...(body as object), updated_at: '2025-06-02T10:00:00.000Z' });
    };
    renderAt('/form/landing-pages/5', '/form/landing-pages/:id', <EditLandingPage />);
    const frame = await screen.findByTitle('Preview of the page “Summer IELTS” on a phone');
    expect(frame.getAttribute('src')).toBe('/landing-page/summer-ielts?v=2025-06-01T09%3A00%3A00.000Z');

    fill(within(blockCard('1. Cover')).getByLabelText('Heading'), 'Pass IELTS in July');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter at most 160 characters')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Landing page saved')).toBeTruthy();
    expect(saves().map((call) => call.url)).toEqual(['/api/v1/landing-pages/5', '/api/v1/landing-pages/5']);
    expect(saves()[1]?.body).toMatchObject({
      blocks: [{ type: 'hero', heading: 'Pass IELTS in July', button: 'Sign up' }],
    });
    await waitFor(() =>
      expect(screen.getByTitle('Preview of the page “Summer IELTS” on a phone').getAttribute('src')).toBe(
        '/landing-page/summer-ielts?v=2025-06-02T10%3A00%3A00.000Z',
      ),
    );
  });
});
