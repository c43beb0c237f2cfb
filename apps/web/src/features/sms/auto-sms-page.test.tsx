import type { AutoSmsRuleSettings } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { AutoSmsPage } from './auto-sms-page';
import { autoRules } from './sms-fixtures';

let editable: boolean;
beforeEach(() => {
  editable = true;
});

const calls = stubApi(({ method, url, body }) => {
  if (url === '/api/v1/auto-sms') return json(200, autoRules(editable));
  if (method === 'PUT' && url.startsWith('/api/v1/auto-sms/')) {
    const rule = url.split('/').at(-1) as AutoSmsRuleSettings['rule'];
    const current = autoRules().data.find((item) => item.rule === rule);
    return json(200, { ...current, ...(body as object) });
  }
  if (url === '/api/v1/auto-sms/debtor/preview')
    return json(200, {
      date: '2025-03-05',
      total: 2,
      data: [
        {
          name: 'Karimov Aziz',
          phone: '901234567',
          recipient: 'student',
          text: 'Hurmatli Karimov Aziz, debtor.',
          parts: 1,
        },
        {
          name: 'Tursunova Malika',
          phone: '901112233',
          recipient: 'student',
          text: 'Hurmatli Tursunova Malika, debtor.',
          parts: 1,
        },
      ],
    });
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

/** The card of a rule, found by its name. */
const card = async (name: string) => {
  const title = await screen.findByText(name, { selector: '.ant-card-head-title span' });
  return title.closest('.ant-card') as HTMLElement;
};

describe('AutoSmsPage', () => {
  it('shows every rule of spec §9 with when it sends', async () => {
    renderPage(<AutoSmsPage />);
    const advance = await card('Advance payment notice');
    expect(advance.textContent).toContain('Every day at 9:00, 3 days before the paid period ends');
    expect((await card('Birthday')).textContent).toContain('Every day at 9:00');
    expect((await card('Payment received')).textContent).toContain('When a payment is taken');
    expect((await card('Activation in a group')).textContent).toContain('When a student is activated in a group');
    expect((await card('Debtors')).textContent).toContain('On');
    // Only the advance notice has days; only the daily rules have tomorrow's list.
    expect(within(advance).getByLabelText('Days before')).toBeTruthy();
    expect(within(await card('Birthday')).queryByLabelText('Days before')).toBeNull();
    expect(within(await card('Payment received')).queryByRole('button', { name: 'Who gets it tomorrow' })).toBeNull();
  });

  it('saves a rule with its switch, sender, days and text', async () => {
    renderPage(<AutoSmsPage />);
    const advance = await card('Advance payment notice');
    fireEvent.click(within(advance).getByRole('switch'));
    fireEvent.change(within(advance).getByLabelText('Sender'), { target: { value: 'Registon' } });
    fireEvent.change(within(advance).getByLabelText('Days before'), { target: { value: '5' } });
    fireEvent.change(within(advance).getByLabelText('Text'), {
      target: { value: '{student_name}, {next_lesson_date} gacha toʻlang' },
    });
    fireEvent.click(within(advance).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        url: '/api/v1/auto-sms/advance_payment',
        body: { enabled: true, sender: 'Registon', text: '{student_name}, {next_lesson_date} gacha toʻlang', days: 5 },
      }),
    );
    expect(await screen.findByText('Saved: Advance payment notice')).toBeTruthy();
    expect(advance.textContent).toContain('Every day at 9:00, 5 days before the paid period ends');
  });

  it('refuses an unknown variable before saving', async () => {
    renderPage(<AutoSmsPage />);
    const birthday = await card('Birthday');
    fireEvent.change(within(birthday).getByLabelText('Text'), { target: { value: 'Tabriklaymiz, {name}!' } });
    fireEvent.click(within(birthday).getByRole('button', { name: 'Save' }));
    expect(await within(birthday).findByText(/^Unknown variable: \{name\}/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('lists who gets a daily rule tomorrow', async () => {
    renderPage(<AutoSmsPage />);
    const debtors = await card('Debtors');
    fireEvent.click(within(debtors).getByRole('button', { name: 'Who gets it tomorrow' }));
    expect(await within(debtors).findByText('Tomorrow, 05.03.2025: 2 SMS (with the saved text)')).toBeTruthy();
    expect(within(debtors).getByText('Tursunova Malika').closest('tr')?.textContent).toContain('+998 90 111 22 33');
  });

  it('is read only when the server says so', async () => {
    editable = false;
    renderPage(<AutoSmsPage />);
    expect(
      await screen.findByText('You may look at the automatic SMS, but only an administrator may change them.'),
    ).toBeTruthy();
    const debtors = await card('Debtors');
    expect(within(debtors).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(debtors).getByRole('switch').hasAttribute('disabled')).toBe(true);
    expect((within(debtors).getByLabelText('Text') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(debtors).queryByRole('button', { name: '+ Student name' })).toBeNull();
    // Looking at tomorrow's list is still offered.
    expect(within(debtors).getByRole('button', { name: 'Who gets it tomorrow' })).toBeTruthy();
  });
});
