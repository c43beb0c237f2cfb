import type { FormPicture } from '@crm/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from '../../shared/api/file-transfer';
import { onScreen } from '../../test/screen-width';
import { renderAt } from '../course-lessons/test-support';
import { json, stubApi } from '../courses/test-support';
import { FormCreatePage, FormEditPage } from './form-builder-pages';
import { aForm } from './forms-fixtures';

// The browser's upload, so a test holds it open to see its progress, then answers it.
vi.mock('../../shared/api/file-transfer', async (original) => ({
  ...(await original<typeof import('../../shared/api/file-transfer')>()),
  uploadWithProgress: vi.fn(),
}));

const HEADER = '/api/v1/form/picture/1/abc';
const savedLeadForm = aForm({ kind: 'lead', image: HEADER, branch_id: 2 });

const calls = stubApi(({ method, url, body }) => {
  if (method === 'POST' && url === '/api/v1/form') return json(200, aForm({ id: 9, ...(body as object) }));
  if (method === 'PUT' && url === '/api/v1/form/5') return json(200, aForm({ ...(body as object) }));
  if (url === '/api/v1/form/5') return json(200, savedLeadForm);
  // The board's branches, sections and sources are not this test's: the lead form keeps the header's branch.
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => onScreen('phone'));

const writes = () => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const save = () => fireEvent.click(screen.getAllByText('Save')[0] as HTMLElement);

describe('a lead form’s header picture', () => {
  it('is uploaded as a lead header with its progress, said to be cut to 610x160, and saved in the body', async () => {
    let answer: (picture: FormPicture) => void = () => {};
    let progress: (percent: number) => void = () => {};
    vi.mocked(uploadWithProgress).mockImplementation((_path, _query, _file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => {
        answer = resolve as typeof answer;
      });
    });
    // The lead template: a lead form whose fields pass the checks.
    renderAt('/form/create?template=lead', '/form/create', <FormCreatePage />);
    expect(
      screen.getByText('Recommended size: 610×160 pixels. A picture of another shape is cut to fit.'),
    ).toBeTruthy();
    expect(screen.getByText('No header picture')).toBeTruthy();

    const file = new File(['x'], 'banner.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalled());
    expect(vi.mocked(uploadWithProgress).mock.calls[0]?.slice(0, 3)).toEqual([
      '/form/picture',
      { kind: 'lead_header' },
      file,
    ]);
    act(() => progress(40));
    expect((await screen.findByLabelText('Uploading the picture')).getAttribute('aria-valuenow')).toBe('40');
    await act(async () => answer({ address: HEADER, width: 610, height: 160, cropped: true }));
    expect(await screen.findByText('Your picture was cut to 610×160 to fit the header.')).toBeTruthy();
    expect(screen.getByAltText('The form’s header picture').getAttribute('src')).toBe(HEADER);

    save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({ kind: 'lead', branch_id: 2, image: HEADER });
  });

  it('is removed from a saved lead form', async () => {
    renderAt('/form/edit/5', '/form/edit/:id', <FormEditPage />);
    expect((await screen.findByAltText('The form’s header picture')).getAttribute('src')).toBe(HEADER);
    // A picture saved before was not just cut: nothing to say about it.
    expect(screen.queryByText(/was cut to 610×160/)).toBeNull();
    fireEvent.click(screen.getByText('Remove the picture'));
    expect(screen.getByText('No header picture')).toBeTruthy();
    save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ url: '/api/v1/form/5', body: { image: null } });
  });
});
