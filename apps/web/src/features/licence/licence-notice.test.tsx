import type { LicenceAnswer } from '@crm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { aLicenceAnswer } from './licence-fixtures';
import { LicenceNotice } from './licence-notice';

let answer: LicenceAnswer;
const calls = stubApi(() => json(200, answer));

describe('LicenceNotice', () => {
  it('warns of the last days, with the way to renew for who may order', async () => {
    answer = aLicenceAnswer({ state: 'ending', days_left: 5, ends_on: '2026-12-03' });
    renderPage(<LicenceNotice />);
    expect(await screen.findByText('Licence: 5 days left (until 03.12.2026)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/billing');
  });

  it('says until when the ended licence is read-only, without a link for who may not order', async () => {
    answer = aLicenceAnswer(
      { state: 'grace', days_left: -3, ends_on: '2026-11-25', grace_ends_on: '2026-12-02' },
      { can_order: false },
    );
    renderPage(<LicenceNotice />);
    expect(await screen.findByText('Licence ended — read-only until 02.12.2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Renew' })).toBeNull();
  });

  it('says nothing while the licence runs', async () => {
    answer = aLicenceAnswer();
    const { container } = renderPage(<LicenceNotice />);
    await waitFor(() => expect(calls).toHaveLength(1));
    // The answer is in: one more turn for it to be drawn (it would be, were the licence ending).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.textContent).toBe('');
  });
});
