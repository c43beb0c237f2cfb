import type { BranchAdminList, BranchArchivePreview } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { BranchesPage } from './branches-page';

type Row = BranchAdminList['data'][number];
const row = (id: number, name: string, extra: Partial<Row> = {}): Row => ({
  id,
  name,
  address: null,
  phone: null,
  start_of_working_day: null,
  end_of_working_day: null,
  landmark: null,
  archived_at: null,
  people: 0,
  active_groups: 0,
  ...extra,
});

const ALL_ALLOWED = { can_create: true, can_edit: true, can_archive: true };
let working: Row[];
let archived: Row[];
let policies: BranchAdminList['policies'];
let preview: BranchArchivePreview;
let onArchive: (branch: Row | undefined) => Response;

beforeEach(() => {
  working = [
    row(1, 'Chilonzor', {
      address: 'Bunyodkor 12',
      phone: '712000001',
      start_of_working_day: '09:00',
      end_of_working_day: '20:00',
      landmark: 'Next to the Novza metro',
      people: 40,
    }),
    row(2, 'Yunusobod', { people: 25, active_groups: 3 }),
  ];
  archived = [row(3, 'Sergeli', { archived_at: '2025-01-10T09:00:00.000Z' })];
  policies = ALL_ALLOWED;
  preview = { active_groups: 0, only_here: 12, also_elsewhere: 3, last_branch: false };
  onArchive = (branch) => json(200, branch);
});

const calls = stubApi(({ method, url }) => {
  if (url.startsWith('/api/v1/branch/all'))
    return json(200, { data: url.endsWith('archived=1') ? archived : working, policies });
  if (url.endsWith('/archive-preview')) return json(200, preview);
  const id = Number(url.match(/\/branch\/(\d+)/)?.[1]);
  const branch = [...working, ...archived].find((b) => b.id === id);
  if (url.endsWith('/archive')) return onArchive(branch);
  if (method === 'POST' || method === 'PUT') return json(200, branch);
  return json(404, { error: { code: 'not_found', message: 'no' } });
});

const writes = () => calls.filter((call) => call.method !== 'GET');
const dialog = () => screen.getByRole('dialog');

async function openArchiveOf(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Archive branch ${name}` }));
  await screen.findByRole('dialog');
}

describe('BranchesPage', () => {
  it('lists the working branches with what each holds, and the archived ones on their tab', async () => {
    renderPage(<BranchesPage />);
    expect(await screen.findByText('Chilonzor')).toBeTruthy();
    expect(screen.getByText('Bunyodkor 12 · +998 71 200 00 01 · 09:00–20:00')).toBeTruthy();
    expect(screen.getByText('Landmark: Next to the Novza metro')).toBeTruthy();
    expect(screen.getByText('People: 40')).toBeTruthy();
    expect(screen.getByText('Active groups: 3')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/branch/all?archived=0');

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByText('Sergeli')).toBeTruthy();
    expect(screen.getByText('Archived on 10.01.2025')).toBeTruthy();
    expect(screen.queryByText('Chilonzor')).toBeNull();
  });

  it('shows what archiving would do, and moves the people to the branch chosen', async () => {
    renderPage(<BranchesPage />);
    await openArchiveOf('Chilonzor');
    expect(await within(dialog()).findByText(/belong only to this branch: 12/)).toBeTruthy();
    expect(within(dialog()).getByText(/only lose this one: 3/)).toBeTruthy();
    expect(within(dialog()).getByText(/history stays/)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/v1/branch/1/archive-preview')).toBe(true);
    expect(writes()).toHaveLength(0);

    // Yunusobod is the only other working branch: it is proposed.
    await waitFor(() => expect(within(dialog()).getByText('Yunusobod')).toBeTruthy());
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Archive the branch' }));
    expect(await screen.findByText('Chilonzor is archived')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/v1/branch/1/archive', body: { people: 'move', move_to_branch_id: 2 } },
    ]);
  });

  it('archives the people with the branch when that is chosen', async () => {
    renderPage(<BranchesPage />);
    await openArchiveOf('Chilonzor');
    fireEvent.click(await within(dialog()).findByLabelText('Archive them with the branch'));
    expect(within(dialog()).getByText(/cannot log in/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Archive the branch' }));
    expect(await screen.findByText('Chilonzor is archived')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/v1/branch/1/archive', body: { people: 'archive' } }]);
  });

  it('offers no archiving while active groups run in the branch', async () => {
    preview = { active_groups: 3, only_here: 5, also_elsewhere: 0, last_branch: false };
    renderPage(<BranchesPage />);
    await openArchiveOf('Yunusobod');
    expect(await within(dialog()).findByText('Active groups still run here: 3.')).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Archive the branch' })).toBeNull();
  });

  it("words the server's refusal inside the dialog", async () => {
    renderPage(<BranchesPage />);
    await openArchiveOf('Chilonzor');
    await waitFor(() => expect(within(dialog()).getByText('Yunusobod')).toBeTruthy());
    // A group was started there meanwhile.
    onArchive = () => json(409, { error: { code: 'branch_has_active_groups', message: 'groups' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Archive the branch' }));
    expect(
      await within(dialog()).findByText('Active groups still run in this branch; finish or move them first.'),
    ).toBeTruthy();
  });

  it('restores an archived branch after a confirmation', async () => {
    renderPage(<BranchesPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Archived' }));
    fireEvent.click(await screen.findByRole('button', { name: /Restore branch Sergeli/ }));
    expect(writes()).toHaveLength(0);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Sergeli is working again')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', url: '/api/v1/branch/3/restore', body: undefined }]);
  });

  it('edits a branch in a dialog and sends its fields', async () => {
    renderPage(<BranchesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit branch Chilonzor' }));
    const name = await within(await screen.findByRole('dialog')).findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Chilonzor-1' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chilonzor-1 is saved')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/branch/1',
        body: {
          name: 'Chilonzor-1',
          address: 'Bunyodkor 12',
          phone: '712000001',
          start_of_working_day: '09:00',
          end_of_working_day: '20:00',
          landmark: 'Next to the Novza metro',
        },
      },
    ]);
  });

  it('offers only what the policies allow', async () => {
    policies = { can_create: false, can_edit: false, can_archive: false };
    renderPage(<BranchesPage />);
    expect(await screen.findByText('Chilonzor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit branch/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Archive branch/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /New branch/ })).toBeNull();
  });
});
