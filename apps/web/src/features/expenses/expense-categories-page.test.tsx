import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { ExpenseCategoriesPage } from './expense-categories-page';

let onPost: () => Response = () => json(200, {});
const calls = stubApi(({ method }) => {
  if (method === 'POST') return onPost();
  if (method === 'DELETE') return json(200, { ok: true, deactivated: true });
  return json(200, {
    data: [
      { id: 3, name: 'Internet', active: true, usage_count: 4, deletable: false },
      { id: 5, name: 'Flowers', active: true, usage_count: 0, deletable: true },
    ],
  });
});

const dialog = () => screen.getByRole('dialog');

describe('ExpenseCategoriesPage', () => {
  it('shows the standard categories and the own types with their use', async () => {
    renderPage(<ExpenseCategoriesPage />);
    expect(await screen.findByText('Internet')).toBeTruthy();
    const standard = screen.getByRole('list', { name: 'Standard categories' });
    expect(within(standard).getAllByRole('listitem')).toHaveLength(11);
    expect(within(standard).getByText('Rent')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Offer Internet for new expenses' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('warns that a type in use is switched off rather than deleted', async () => {
    renderPage(<ExpenseCategoriesPage />);
    await screen.findByText('Internet');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Internet' }));
    expect(await screen.findByText(/it is switched off instead/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Expenses have this type, so it is switched off instead of deleted')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/expense_types/3');
  });

  it('says a taken name under the name, keeping what was typed', async () => {
    onPost = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'x',
          details: [{ field: 'name', rule: 'unique', message: 'taken' }],
        },
      });
    renderPage(<ExpenseCategoriesPage />);
    await screen.findByText('Internet');
    fireEvent.click(screen.getAllByRole('button', { name: /Add type/ })[0]!);
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'internet' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('An expense type with this name already exists')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'internet' }));
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('internet');
  });
});
