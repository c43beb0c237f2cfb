import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { TagsPage } from './tags-page';

const TAGS = [
  { id: 1, name: 'VIP', type: 1, color: '#FAAD14', usage_count: 3 },
  { id: 2, name: 'Intensive', type: 2, color: null, usage_count: 0 },
];
let onPost: () => Response;
const calls = stubApi(({ method }) => (method === 'POST' ? onPost() : json(200, { data: TAGS })));

describe('TagsPage', () => {
  it('shows the tags of one type at a time', async () => {
    renderPage(<TagsPage />);
    expect(await screen.findByText('VIP')).toBeTruthy();
    expect(screen.queryByText('Intensive')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Groups (1)' }));
    expect(await screen.findByText('Intensive')).toBeTruthy();
    expect(screen.queryByText('VIP')).toBeNull();
  });

  it('creates a tag of the chosen type with a colour, and shows a duplicate name under the field', async () => {
    onPost = () => json(409, { error: { code: 'tag_exists', message: 'exists' } });
    renderPage(<TagsPage />);
    await screen.findByText('VIP');
    fireEvent.click(screen.getByRole('button', { name: /Add tag/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('New tag: Students')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'vip' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '#52C41A' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A tag with this name already exists.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'vip', color: '#52C41A', type: 1 });
  });
});
