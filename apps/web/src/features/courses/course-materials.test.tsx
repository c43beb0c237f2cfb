import { FILE_MAX_BYTES } from '@crm/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseMaterials } from './course-materials';
import { json, renderPage, stubApi } from './test-support';

const pdf = {
  id: 3,
  folder_id: 7,
  name: 'Unit 1.pdf',
  mime_type: 'application/pdf',
  size: 2_500_000,
  created_at: '2026-03-02T10:00:00Z',
};
let folders: unknown[] = [];
let gets = 0;

/** Stands in for the browser's XMLHttpRequest: the test decides when and how the upload ends. */
class FakeXhr {
  static last: FakeXhr | undefined;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {}
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const renderMaterials = () => renderPage(<CourseMaterials courseId={1} />);
stubApi(() => {
  gets++;
  return json(200, { data: folders });
});

const choose = (file: File) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

beforeEach(() => {
  folders = [{ id: 7, course_id: 1, name: 'Books', files: [pdf] }];
  gets = 0;
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('CourseMaterials', () => {
  it("lists a folder's files with their size and the actions on them", async () => {
    renderMaterials();
    expect(await screen.findByText('Unit 1.pdf')).toBeTruthy();
    expect(screen.getByText(/2\.4 MB · 02\.03\.2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Unit 1.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload files to Books' })).toBeTruthy();
  });

  it('refuses a type off the list and a file over 25 MB before sending anything', async () => {
    renderMaterials();
    await screen.findByText('Unit 1.pdf');
    choose(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText('This type of file is not allowed.')).toBeTruthy();
    const big = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: FILE_MAX_BYTES + 1 });
    choose(big);
    expect(await screen.findByText('The file is too large.')).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('shows the progress of an upload, then the refreshed folder', async () => {
    renderMaterials();
    await screen.findByText('Unit 1.pdf');
    choose(new File(['%PDF'], 'Unit 2.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/v1/file/?folder_id=7');
    expect(xhr.headers.Authorization).toBe('Bearer token');
    expect((xhr.body!.get('file') as File).name).toBe('Unit 2.pdf');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading Unit 2.pdf' })).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();

    const before = gets;
    folders = [{ id: 7, course_id: 1, name: 'Books', files: [pdf, { ...pdf, id: 4, name: 'Unit 2.pdf' }] }];
    await act(async () => xhr.finish(200, { ...pdf, id: 4, name: 'Unit 2.pdf' }));
    await waitFor(() => expect(gets).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: 'Download Unit 2.pdf' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it("shows the server's refusal of an upload under the folder", async () => {
    renderMaterials();
    await screen.findByText('Unit 1.pdf');
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    await act(async () =>
      FakeXhr.last!.finish(413, { error: { code: 'file_too_large', message: 'The file is too large.' } }),
    );
    expect(await screen.findByText('The file is too large.')).toBeTruthy();
  });
});
