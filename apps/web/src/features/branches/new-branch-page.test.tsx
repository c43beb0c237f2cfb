import type { BranchAdminList } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { NewBranchPage } from './new-branch-page';

let policies: BranchAdminList['policies'];
let onCreate: (body: Record<string, unknown>) => Response;
beforeEach(() => {
  policies = { can_create: true, can_edit: true, can_archive: true };
  onCreate = (body) => json(200, { id: 9, ...body });
});
const calls = stubApi(({ method, body }) =>
  method === 'POST' ? onCreate(body as Record<string, unknown>) : json(200, { data: [], policies }),
);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posts = () => calls.filter((call) => call.method === 'POST');

describe('NewBranchPage', () => {
  it('opens a branch with its name, address, phone and landmark', async () => {
    renderPage(<NewBranchPage />);
    await screen.findByLabelText('Name');
    type('Name', '  Sergeli ');
    type('Address', 'Yangi Sergeli 5');
    type('Phone', '+998 71 300 40 50');
    type('Landmark', 'Opposite the bazaar');
    fireEvent.click(screen.getByRole('button', { name: 'Open the branch' }));
    expect(await screen.findByText('Sergeli is opened')).toBeTruthy();
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/v1/branch',
        body: {
          name: 'Sergeli',
          address: 'Yangi Sergeli 5',
          phone: '713004050',
          start_of_working_day: null,
          end_of_working_day: null,
          landmark: 'Opposite the bazaar',
        },
      },
    ]);
  });

  it('asks for a name and a whole phone before sending anything', async () => {
    renderPage(<NewBranchPage />);
    await screen.findByLabelText('Name');
    type('Phone', '71 300');
    fireEvent.click(screen.getByRole('button', { name: 'Open the branch' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('The phone number must have 9 digits')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("puts the server's refusal of a field under it", async () => {
    onCreate = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'bad',
          details: [{ field: 'name', rule: 'invalid_characters', message: 'control character' }],
        },
      });
    renderPage(<NewBranchPage />);
    await screen.findByLabelText('Name');
    type('Name', 'Sergeli');
    fireEvent.click(screen.getByRole('button', { name: 'Open the branch' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await screen.findByText('The text contains a character that cannot be saved')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('value')).toBe('Sergeli');
    expect(screen.queryByText('Sergeli is opened')).toBeNull();
  });

  it('offers no form when the server says the caller may not open branches', async () => {
    policies = { can_create: false, can_edit: false, can_archive: false };
    renderPage(<NewBranchPage />);
    expect(await screen.findByText('You cannot open branches.')).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });
});
