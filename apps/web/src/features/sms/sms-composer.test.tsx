import type { SmsAudience, SmsPreview } from '@crm/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { SmsComposer } from './sms-composer';
import { aTemplate } from './sms-fixtures';

const preview: SmsPreview = {
  messages: 3,
  parts: 3,
  sample: [
    {
      name: 'Karimova Nodira',
      phone: '907654321',
      recipient: 'parent',
      text: 'Hurmatli Karimov Aziz, ertaga dars bor.',
      parts: 1,
    },
  ],
  skipped: { no_phone: 1, archived: 0, not_own: 0 },
};

let sendAnswer: () => Response;
beforeEach(() => {
  sendAnswer = () => json(200, { messages: 3, parts: 3, skipped: preview.skipped });
});

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/sms/templates') return json(200, { data: [aTemplate()], policies: { create: true } });
  if (method === 'POST' && url === '/api/v1/sms/preview') return json(200, preview);
  if (method === 'POST' && url === '/api/v1/sms/send') return sendAnswer();
  return json(404, { error: { code: 'not_found', message: 'Not found.' } });
});

const GROUP: SmsAudience = { kind: 'group', group_id: 4 };

function openComposer(audience: SmsAudience = GROUP) {
  const onClose = vi.fn();
  renderPage(<SmsComposer open onClose={onClose} audience={audience} audienceLabel="ENG-4" branchId={2} />);
  return onClose;
}

const textArea = () => screen.getByLabelText('Text') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(textArea(), { target: { value: text } });
const counter = () => screen.getByTestId('sms-counter').textContent;
/** The Idempotency-Key the browser sent with each request to a path. */
const keysSentTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => url === path)
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);

describe('SmsComposer', () => {
  it('counts a Latin text in GSM-7 and a Cyrillic one in Unicode, and offers to replace ʻ ʼ', async () => {
    openComposer();
    expect(await screen.findByText('ENG-4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ Student name' }));
    expect(textArea().value).toBe('{student_name}');
    type('Hello {student_name}');
    // The braces are GSM-7 extension characters: two each.
    expect(counter()).toBe('22 characters · 1 SMS · 138 left in this SMS · Latin (GSM-7)');
    expect(screen.getByText(/Variables are counted as written/)).toBeTruthy();

    type('Привет');
    expect(counter()).toBe('6 characters · 1 SMS · 64 left in this SMS · Unicode (UCS-2)');
    expect(screen.getByText('Unicode (70 characters an SMS) because of: П р и в е т')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Replace ʻ ʼ with '" })).toBeNull();

    // 80 Latin characters with one Uzbek ʻ: two Unicode parts, one GSM-7 part once it is replaced.
    type(`Oʻqish ${'a'.repeat(73)}`);
    expect(counter()).toBe('80 characters · 2 SMS · 54 left in this SMS · Unicode (UCS-2)');
    fireEvent.click(screen.getByRole('button', { name: "Replace ʻ ʼ with '" }));
    expect(textArea().value).toBe(`O'qish ${'a'.repeat(73)}`);
    expect(counter()).toBe('80 characters · 1 SMS · 80 left in this SMS · Latin (GSM-7)');
    expect(screen.queryByRole('button', { name: "Replace ʻ ʼ with '" })).toBeNull();
  });

  it('refuses an unknown variable under the text and asks the server nothing', async () => {
    openComposer();
    type('Salom {studnet_name}');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('Unknown variable: {studnet_name}. Insert variables with the buttons above.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('previews a template to the parents, then sends it once with one Idempotency-Key', async () => {
    openComposer();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByText('Dars eslatmasi', { selector: '.ant-select-item-option-content' }));
    expect(textArea().value).toBe('Hurmatli {student_name}, ertaga dars bor.');
    fireEvent.click(screen.getByRole('radio', { name: 'Parent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('Hurmatli Karimov Aziz, ertaga dars bor.')).toBeTruthy();
    expect(screen.getByText('No phone number: 1')).toBeTruthy();
    expect(screen.queryByText(/Archived/)).toBeNull();
    const body = {
      audience: GROUP,
      to: 'parent',
      text: 'Hurmatli {student_name}, ertaga dars bor.',
      template_id: 3,
      branch_id: 2,
    };
    expect(calls.find((call) => call.url === '/api/v1/sms/preview')?.body).toEqual(body);

    // The operator is down the first time: the second press repeats the same request, under the same key.
    sendAnswer = () =>
      json(503, { error: { code: 'sms_provider_unavailable', message: 'The SMS operator is not answering.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send (3)' })));
    expect(
      await screen.findByText('The SMS operator is not answering right now; the messages will be retried.'),
    ).toBeTruthy();
    sendAnswer = () => json(200, { messages: 3, parts: 3, skipped: preview.skipped });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send (3)' })));
    expect(await screen.findByText('SMS sent: 3')).toBeTruthy();

    const sends = calls.filter((call) => call.url === '/api/v1/sms/send');
    expect(sends.map((call) => call.body)).toEqual([body, body]);
    const keys = keysSentTo('/api/v1/sms/send');
    expect(keys[0]).toMatch(/\S{16,}/);
    expect(keys[1]).toBe(keys[0]);
    expect(keysSentTo('/api/v1/sms/preview')).toEqual([undefined]);
  });

  it('goes back from the preview with the text kept, and says a refusal by its code', async () => {
    openComposer({ kind: 'lead', lead_id: 5 });
    // A lead has one phone: no choice of student or parent.
    expect(screen.queryByRole('radio', { name: 'Parent' })).toBeNull();
    type('Salom!');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(textArea().value).toBe('Salom!');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    sendAnswer = () => json(429, { error: { code: 'sms_monthly_limit', message: 'x' } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Send (3)' })));
    expect(await screen.findByText('The monthly SMS limit is exceeded.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/v1/sms/send')?.body).toMatchObject({
        audience: { kind: 'lead', lead_id: 5 },
        to: 'student',
      }),
    );
  });
});
