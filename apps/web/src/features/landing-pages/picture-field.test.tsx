import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { PictureField } from './picture-field';

stubApi(() => json(404, { error: { code: 'not_found', message: 'none' } }));

/** The browser's upload, held until the test answers it: where it was sent, and its progress. */
let upload: { url: string; progress?: (percent: number) => void; answer: (status: number, body: unknown) => void };

beforeEach(() => {
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      responseText = '';
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      open(_method: string, url: string) {
        upload = {
          url,
          progress: (percent) => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }),
          answer: (status, body) => {
            this.status = status;
            this.responseText = JSON.stringify(body);
            this.onload?.();
          },
        };
      }
      setRequestHeader() {}
      send() {}
    },
  );
});

function HeroPicture() {
  const [address, setAddress] = useState<string | null>(null);
  return <PictureField value={address} onChange={setAddress} />;
}

const choose = (file: File) =>
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });

describe('a hero block’s picture', () => {
  it('is sent as a landing picture with its progress, then shown', async () => {
    renderPage(<HeroPicture />);
    choose(new File(['x'], 'cover.jpg', { type: 'image/jpeg' }));
    expect(upload.url).toBe('/api/v1/form/picture?kind=landing');
    act(() => upload.progress?.(40));
    expect(
      (await screen.findByRole('progressbar', { name: 'Uploading the picture' })).getAttribute('aria-valuenow'),
    ).toBe('40');
    await act(async () =>
      upload.answer(200, { address: '/api/v1/form/picture/1/abc', width: 1600, height: 900, cropped: false }),
    );
    expect((await screen.findByRole('img', { name: 'The cover’s picture' })).getAttribute('src')).toBe(
      '/api/v1/form/picture/1/abc',
    );
    expect(screen.getByRole('button', { name: /Replace the picture/ })).toBeTruthy();
  });

  it('refuses a file that is not a picture before sending it', async () => {
    renderPage(<HeroPicture />);
    choose(new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'The cover’s picture' })).toBeNull();
  });
});
