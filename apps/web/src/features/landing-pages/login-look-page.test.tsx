import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aLoginLook, BACKGROUNDS } from './landing-fixtures';
import { LoginLookPage } from './login-look-page';

let look = aLoginLook();

const calls = stubApi(({ method, url, body }) => {
  if (url !== '/api/v1/login-look') return json(404, { error: { code: 'not_found', message: url } });
  if (method === 'PUT') look = { ...look, ...(body as object) };
  return json(200, look);
});

describe('the log-in page look (form/login-form)', () => {
  it('saves a welcome per language and a chosen background, shown in the preview as they are typed', async () => {
    look = aLoginLook({ welcome: { uz: 'Xush kelibsiz', ru: '', en: '', id: '' } });
    renderPage(<LoginLookPage />);
    const english = await screen.findByLabelText('English');
    expect((screen.getByLabelText('Oʻzbekcha') as HTMLTextAreaElement).value).toBe('Xush kelibsiz');
    fireEvent.change(english, { target: { value: 'Welcome to Demo Academy!' } });
    fireEvent.change(screen.getByLabelText('Русский'), { target: { value: 'Добро пожаловать!' } });
    fireEvent.change(screen.getByLabelText('Bahasa Indonesia'), { target: { value: 'Selamat datang!' } });
    // On a phone the preview is a tab of its own; it shows the interface's language (English) before saving.
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByText('Welcome to Demo Academy!', { selector: 'span' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Background 2' }));
    await waitFor(() =>
      expect((screen.getByTestId('login-preview') as HTMLElement).style.background).toContain('bbbb'),
    );
    expect(screen.getByRole('link', { name: 'Open the settings' }).getAttribute('href')).toBe('/settings');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Log-in page look saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      welcome: { uz: 'Xush kelibsiz', ru: 'Добро пожаловать!', en: 'Welcome to Demo Academy!', id: 'Selamat datang!' },
      background: BACKGROUNDS[1],
    });
  });

  it('takes the background away, and tells a user who cannot upload pictures who does', async () => {
    look = aLoginLook({ background: BACKGROUNDS[0] as string, policies: { edit: true, edit_pictures: false } });
    renderPage(<LoginLookPage />);
    expect(await screen.findByText(/uploaded by the centre’s owner or branch director/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the settings' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Background 1' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'No background' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ background: null }));
  });
});
