import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aGroup } from '../../test/group-fixtures';
import { todayIn } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { RecalculateChargesButton } from './recalculate-charges';

let answer: () => Response = () =>
  json(200, {
    group_id: 7,
    from: '2026-11-01',
    to: '2026-11-30',
    reversed: 12,
    reversed_amount: 600_000,
    booked: 11,
    booked_amount: 550_000,
  });
const calls = stubApi(() => answer());

async function openAndAsk(reason: string) {
  renderPage(<RecalculateChargesButton group={aGroup()} />);
  fireEvent.click(screen.getByRole('button', { name: /Recalculate charges/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Why'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
  await screen.findAllByText('Recalculate the charges of ENG-7?');
  const question = screen.getAllByRole('dialog').at(-1) as HTMLElement;
  fireEvent.click(within(question).getByRole('button', { name: 'Recalculate' }));
  return dialog;
}

describe('RecalculateChargesButton', () => {
  it("recalculates this month's charges with the reason, after a confirmation, and says what changed", async () => {
    const dialog = await openAndAsk(' Price changed ');
    const summary = await within(dialog).findByText(/^Cancelled 12 charges/);
    expect(summary.textContent).toBe('Cancelled 12 charges (600 000 UZS), booked 11 (550 000 UZS).');
    const [call] = calls.filter((c) => c.method === 'POST');
    const month = todayIn();
    expect(call?.url).toBe(
      `/api/v1/group/7/re_withdraw?from=${month.startOf('month').format('YYYY-MM-DD')}&to=${month.endOf('month').format('YYYY-MM-DD')}`,
    );
    expect(call?.body).toEqual({ reason: 'Price changed' });
  });

  it('needs a reason before asking anything', async () => {
    renderPage(<RecalculateChargesButton group={aGroup()} />);
    fireEvent.click(screen.getByRole('button', { name: /Recalculate charges/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal in its words and keeps the form", async () => {
    answer = () => json(403, { error: { code: 'branch_forbidden', message: 'No' } });
    const dialog = await openAndAsk('Holiday added');
    await waitFor(() => expect(within(dialog).getByRole('alert')).toBeTruthy());
    expect((within(dialog).getByLabelText('Why') as HTMLTextAreaElement).value).toBe('Holiday added');
  });
});
