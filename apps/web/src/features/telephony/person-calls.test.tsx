import { Role } from '@crm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { PersonCalls, useShowsCalls } from './person-calls';
import { aCall } from './telephony-fixtures';

let reachable = true;
let configured = true;

const calls = stubApi(({ url }) => {
  if (url.startsWith('/api/v1/call/history'))
    return json(200, { reachable, data: [aCall({ uuid: 'p1', type: 'missed' }), aCall({ uuid: 'p2' })] });
  if (url === '/api/v1/voip/me') return json(200, { configured, country_code: '998', sip: null });
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  reachable = true;
  configured = true;
});

describe('a person’s calls (issue 22: a lead’s and a student’s profile show their calls)', () => {
  it('asks the log for his number and lists each call’s type', async () => {
    renderPage(<PersonCalls phone="901234567" />);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(calls.some((c) => c.url === '/api/v1/call/history?phone=901234567')).toBe(true);
    expect(screen.getByText('Missed')).toBeTruthy();
  });

  it('says the calls are the ones kept when OnlinePBX does not answer', async () => {
    reachable = false;
    renderPage(<PersonCalls phone="901234567" />);
    expect(await screen.findByText(/OnlinePBX did not answer/)).toBeTruthy();
  });
});

function Probe() {
  return <span>{useShowsCalls() ? 'shows' : 'hidden'}</span>;
}

describe('whether the calls show at all', () => {
  it('shows them to whoever reads the call log, once the company has telephony', async () => {
    storeUser(aUser([Role.admin]), 'token');
    const admin = renderPage(<Probe />);
    expect(await screen.findByText('shows')).toBeTruthy();
    admin.unmount();
    // A cashier may not read the call log (spec §6): no tab, and no call to ask.
    storeUser(aUser([Role.cashier]), 'token');
    renderPage(<Probe />);
    expect(await screen.findByText('hidden')).toBeTruthy();
  });
});
