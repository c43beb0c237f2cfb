import type { CallHistory } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { todayIn } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { CallLogPage, outsideWeek } from './call-log-page';
import { aCall } from './telephony-fixtures';

let history: Response | null = null;

const calls = stubApi(({ url }) => {
  if (url.startsWith('/api/v1/call/history')) return history ?? json(200, { data: [], reachable: true });
  if (url.startsWith('/api/v1/call/record/')) return new Response(new Blob(['RIFF']), { status: 200 });
  return json(404, { error: { code: 'not_found', message: url } });
});

const answer = (body: CallHistory) => {
  history = json(200, body);
};

beforeEach(() => {
  onScreen('phone');
  history = null;
  // jsdom keeps no blobs: the page's copy of a recording is named by hand.
  URL.createObjectURL = vi.fn(() => 'blob:record');
  URL.revokeObjectURL = vi.fn();
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the call log (spec §2 call)', () => {
  it('asks for the last week of the branch and shows each call’s type, who it was and where he opens', async () => {
    answer({
      reachable: true,
      data: [
        aCall({ uuid: 'a1', match: { id: 5, role: 'student', name: 'Aziz Karimov' }, has_record: true }),
        aCall({
          uuid: 'a2',
          type: 'inbound',
          number: '+998935551122',
          match: { id: 6, role: 'teacher', name: 'Olga' },
        }),
        aCall({ uuid: 'a3', type: 'missed', number: '+998977770000', match: { id: 9, role: 'lead', name: 'Lola' } }),
        aCall({
          uuid: 'a4',
          type: 'not_answered',
          number: '+998990001122',
          match: { id: 3, role: 'staff', name: 'Bek' },
        }),
      ],
    });
    renderPage(<CallLogPage />);
    await screen.findByText('Aziz Karimov');
    const today = todayIn('uz');
    expect(calls[0]?.url).toBe(
      `/api/v1/call/history?from=${today.subtract(6, 'day').format('YYYY-MM-DD')}&till=${today.format('YYYY-MM-DD')}&branch_id=2`,
    );

    const student = rowOf('Aziz Karimov');
    expect(within(student).getByText('Outgoing')).toBeTruthy();
    expect(within(student).getByText('1:15')).toBeTruthy();
    expect(within(student).getByRole('link', { name: 'Aziz Karimov' }).getAttribute('href')).toBe(
      '/students/profile/5',
    );
    expect(within(rowOf('Olga')).getByText('Incoming')).toBeTruthy();
    expect(within(rowOf('Olga')).getByRole('link').getAttribute('href')).toBe('/teachers/profile/6');
    expect(within(rowOf('Lola')).getByText('Missed')).toBeTruthy();
    expect(within(rowOf('Lola')).getByRole('link').getAttribute('href')).toBe('/leads');
    expect(within(rowOf('Bek')).getByText('Not answered')).toBeTruthy();
    expect(within(rowOf('Bek')).getByRole('link').getAttribute('href')).toBe('/staff/profile/3');
    // Only a recorded call has something to play.
    expect(within(rowOf('Olga')).queryByRole('button', { name: /Play/ })).toBeNull();

    fireEvent.click(
      within(student).getByRole('button', { name: /Play the recording of the call with \+998901234567/ }),
    );
    await waitFor(() => expect(student.querySelector('audio')?.getAttribute('src')).toBe('blob:record'));
    const record = calls.find((call) => call.url === '/api/v1/call/record/a1');
    expect(record).toBeTruthy();
    const init = vi.mocked(fetch).mock.calls.find(([url]) => url === '/api/v1/call/record/a1')?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
  });

  it('filters by type in the browser', async () => {
    answer({
      reachable: true,
      data: [aCall({ uuid: 'a1' }), aCall({ uuid: 'a3', type: 'missed', number: '+998977770000' })],
    });
    renderPage(<CallLogPage />);
    await screen.findByText('+998977770000');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call type' }));
    fireEvent.click(await screen.findByTitle('Missed'));
    await waitFor(() => expect(screen.queryByText('+998901234567')).toBeNull());
    expect(screen.getByText('+998977770000')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/v1/call/history'))).toHaveLength(1);
  });

  it('says OnlinePBX did not answer over an empty log (spec §8 "call history failure: empty history")', async () => {
    answer({ reachable: false, data: [] });
    renderPage(<CallLogPage />);
    expect(await screen.findByText(/OnlinePBX did not answer/)).toBeTruthy();
    expect(screen.getByText('No calls in this period')).toBeTruthy();
  });

  it('explains a telephony not set up yet', async () => {
    history = json(409, { error: { code: 'voip_not_configured', message: '' } });
    renderPage(<CallLogPage />);
    expect(await screen.findByText(/Telephony is not set up yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets the picker choose at most a week, and no day after today (spec §9)', () => {
    expect(outsideWeek('2025-03-07', '2025-03-01', '2025-03-20')).toBe(false);
    expect(outsideWeek('2025-03-08', '2025-03-01', '2025-03-20')).toBe(true);
    expect(outsideWeek('2025-02-23', '2025-03-01', '2025-03-20')).toBe(false);
    expect(outsideWeek('2025-02-22', '2025-03-01', '2025-03-20')).toBe(true);
    expect(outsideWeek('2025-03-21', null, '2025-03-20')).toBe(true);
  });
});
