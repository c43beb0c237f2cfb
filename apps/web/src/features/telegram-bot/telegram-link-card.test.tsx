import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { TelegramLinkCard } from './telegram-link-card';

let link = { available: true, linked: false, linked_at: null as string | null };
beforeEach(() => {
  link = { available: true, linked: false, linked_at: null };
});

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/telegram/link' && method === 'GET') return json(200, link);
  if (url === '/api/v1/telegram/link' && method === 'POST')
    return json(200, { url: 'https://t.me/crm_centre_bot?start=4_abc', expires_at: '2026-11-29T10:15:00.000Z' });
  if (url === '/api/v1/telegram/link' && method === 'DELETE') {
    link = { available: true, linked: false, linked_at: null };
    return json(200, { ok: true });
  }
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

describe('TelegramLinkCard', () => {
  it('opens a one-time deep link to the bot and says to press Start there', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage(<TelegramLinkCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Link Telegram/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://t.me/crm_centre_bot?start=4_abc', '_blank', 'noopener'),
    );
    expect(await screen.findByText(/press “Start” there/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('unlinks after asking, and then offers to link again', async () => {
    link = { available: true, linked: true, linked_at: '2026-11-28T10:00:00.000Z' };
    renderPage(<TelegramLinkCard />);
    expect(await screen.findByText('Linked')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect((await screen.findAllByText('Unlink Telegram?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Unlink' }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByRole('button', { name: /Link Telegram/ })).toBeTruthy();
  });

  it('still shows a chat linked before the bot was switched off, so it can be unlinked', async () => {
    link = { available: false, linked: true, linked_at: '2026-11-28T10:00:00.000Z' };
    renderPage(<TelegramLinkCard />);
    expect(await screen.findByText('Linked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Link Telegram/ })).toBeNull();
  });

  it('shows nothing when the platform has no bot', async () => {
    link = { available: false, linked: false, linked_at: null };
    const { container } = renderPage(<TelegramLinkCard />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
