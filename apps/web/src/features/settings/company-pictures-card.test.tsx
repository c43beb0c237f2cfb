import { type CompanySettings, Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/use-session';
import { aUser } from '../../test/session-fixtures';
import { useRefreshMe } from '../auth/auth-api';
import { json, renderPage, stubApi } from '../courses/test-support';
import { CompanyPicturesCard } from './company-pictures-card';
import { useCompanySettings } from './settings-api';
import { aCompanySettings } from './settings-test-support';

let company: CompanySettings;
let onUpload: (url: string, file: File) => Response;
const uploads: { url: string; file: File }[] = [];

beforeEach(() => {
  company = aCompanySettings({ logo: null, backgrounds: ['/files/bg-1.jpg', '/files/bg-2.jpg'] });
  uploads.length = 0;
  onUpload = (url) => {
    company = url.endsWith('/logo')
      ? { ...company, logo: '/files/logo-2.png' }
      : { ...company, backgrounds: [...company.backgrounds, '/files/bg-3.jpg'] };
    return json(200, url.endsWith('/logo') ? { logo: company.logo } : { backgrounds: company.backgrounds });
  };
});
const calls = stubApi(({ method, url, body }) => {
  if (url.endsWith('/auth/me')) return json(200, aUser([Role.ceo], company));
  if (method === 'PUT') {
    company = { ...company, ...(body as Partial<CompanySettings>) };
    return json(200, company);
  }
  return json(200, company);
});
// A picture goes as multipart, which the JSON stub above cannot read: those requests are answered here.
beforeEach(() => {
  const answerJson = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (!(init.body instanceof FormData)) return answerJson(url, init);
      const file = init.body.get('file') as File;
      uploads.push({ url, file });
      return onUpload(url, file);
    }),
  );
});

/** The menu's logo, drawn from the stored session as the shell draws it. */
function ShellLogo() {
  useRefreshMe();
  const { company: stored } = useSession();
  return stored?.logo ? <img alt="Shell logo" src={stored.logo} /> : null;
}

/** The card as the page draws it: from the page's query of the company. */
function Pictures() {
  const settings = useCompanySettings(1);
  return settings.data ? <CompanyPicturesCard company={settings.data} /> : null;
}

const renderCard = (data: CompanySettings = company) => {
  company = data;
  return renderPage(
    <>
      <ShellLogo />
      <Pictures />
    </>,
  );
};

const chooseFile = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const fileInputs = () => [...document.querySelectorAll('input[type=file]')] as HTMLInputElement[];
const png = (name = 'logo.png') => new File(['png-bytes'], name, { type: 'image/png' });

describe('CompanyPicturesCard', () => {
  it('refuses a picture of another kind at once, without sending it', async () => {
    renderCard();
    await screen.findByText('No logo');
    chooseFile(fileInputs()[0] as HTMLInputElement, new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Upload a PNG, JPEG or WebP picture.')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it("words the server's refusal of a picture", async () => {
    onUpload = () => json(400, { error: { code: 'image_type_refused', message: 'not an image' } });
    renderCard();
    await screen.findByText('No logo');
    chooseFile(fileInputs()[0] as HTMLInputElement, png());
    expect(await screen.findByText('Upload a PNG, JPEG or WebP picture.')).toBeTruthy();
    expect(uploads.map((upload) => upload.url)).toEqual(['/api/v1/company/1/logo']);
  });

  it('uploads a logo, shows it, and the shell shows it too', async () => {
    renderCard();
    await screen.findByText('No logo');
    chooseFile(fileInputs()[0] as HTMLInputElement, png());
    expect(await screen.findByText('The logo is saved')).toBeTruthy();
    expect(uploads[0]?.file.name).toBe('logo.png');
    // The shell reads the company from the session, which /auth/me stores afresh.
    await waitFor(() => expect(screen.getByAltText('Shell logo').getAttribute('src')).toBe('/files/logo-2.png'));
    expect(calls.some((call) => call.url === '/api/v1/auth/me')).toBe(true);
    expect(screen.getByAltText('Logo of Demo Academy').getAttribute('src')).toBe('/files/logo-2.png');
    expect(screen.getByRole('button', { name: /Replace the logo/ })).toBeTruthy();
  });

  it('removes a background only after a confirmation, keeping the others in order', async () => {
    renderCard();
    expect(await screen.findByText('2 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add a background/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Remove background 1/ }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The background is removed')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/company/1/datas',
      body: { backgrounds: ['/files/bg-2.jpg'] },
    });
  });

  it('offers no sixth background, and no changes at all without the right to edit', async () => {
    const five = ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg', '/e.jpg'];
    const { unmount } = renderCard({ ...company, backgrounds: five });
    expect(await screen.findByText('5 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add a background/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Upload a logo/ })).toBeTruthy();
    unmount();
    renderCard({ ...company, logo: '/files/logo.png', policies: { can_edit: false } });
    expect(await screen.findByAltText('Logo of Demo Academy')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove the logo/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add a background/ })).toBeNull();
    expect(fileInputs()).toHaveLength(0);
  });
});
