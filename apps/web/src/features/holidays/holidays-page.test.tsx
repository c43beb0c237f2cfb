import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { HolidaysPage } from './holidays-page';

const year = todayIn().year();
let onPost: () => Response;
const calls = stubApi(({ method, url }) => {
  if (method === 'POST') return onPost();
  return json(200, { data: url.includes(`year=${year}`) ? [{ id: 1, name: 'Navroʻz', date: `${year}-03-21` }] : [] });
});

const dialog = () => screen.getByRole('dialog');

describe('HolidaysPage', () => {
  it("lists this year's holidays by date", async () => {
    renderPage(<HolidaysPage />);
    expect(await screen.findByText('Navroʻz')).toBeTruthy();
    expect(screen.getByText(`21.03.${year}`)).toBeTruthy();
    expect(calls[0]?.url).toBe(`/api/v1/holiday?year=${year}`);
  });

  it('puts "Holiday already exists on that date" under the date, keeping what was typed', async () => {
    onPost = () => json(409, { error: { code: 'holiday_exists', message: 'exists', details: { field: 'date' } } });
    renderPage(<HolidaysPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add holiday/ }));
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'Spring day' } });
    const date = within(dialog()).getByLabelText('Date');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: `21.03.${year}` } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('A holiday already exists on that date.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Spring day', date: `${year}-03-21` }),
    );
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Spring day');
  });

  it('asks before deleting', async () => {
    renderPage(<HolidaysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Navroʻz' }));
    expect(await screen.findByText(`Delete the holiday “Navroʻz” on 21.03.${year}?`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });
});
