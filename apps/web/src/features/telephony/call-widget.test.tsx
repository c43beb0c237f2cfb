import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { onScreen } from '../../test/screen-width';
import { json, renderPage, stubApi } from '../courses/test-support';
import { CallButton } from './call-button';
import { PhoneProvider } from './phone-provider';
import { aVoipMe, fakeLine, refusedBody } from './telephony-fixtures';

let me: Response | (() => Response) = json(200, aVoipMe());
let people: unknown[] = [];
let leads: unknown[] = [];

const calls = stubApi(({ url }) => {
  if (url === '/api/v1/voip/me') return typeof me === 'function' ? me() : me.clone();
  if (url.startsWith('/api/v1/phone_search')) return json(200, { data: people });
  if (url.startsWith('/api/v1/leadData')) return json(200, { data: leads });
  return json(404, { error: { code: 'not_found', message: url } });
});

let fake = fakeLine();
const openLine = () => Promise.resolve(fake.line);

beforeEach(() => {
  onScreen('phone');
  fake = fakeLine();
  me = json(200, aVoipMe());
  people = [];
  leads = [];
});

const renderPhone = async () => {
  renderPage(
    <PhoneProvider createLine={openLine}>
      <CallButton phone="901234567" />
    </PhoneProvider>,
  );
  await waitFor(() => expect(fake.started).toBe(true));
};
const widget = () => screen.getByRole('region', { name: 'Call' });

describe('the call widget (spec §2, §4)', () => {
  it('shows an incoming caller named by phone_search, linked to his profile; answer moves it to speaking', async () => {
    people = [{ id: 5, role: 7, name: 'Aziz Karimov' }];
    await renderPhone();
    act(() => fake.emit({ type: 'incoming', callId: 'in-1', number: '998901234567' }));

    expect(within(widget()).getByText('Incoming call')).toBeTruthy();
    expect(within(widget()).getByText('+998 90 123 45 67')).toBeTruthy();
    const name = await within(widget()).findByRole('link', { name: /Aziz Karimov/ });
    expect(name.getAttribute('href')).toBe('/students/profile/5');
    expect(calls.some((call) => call.url === '/api/v1/phone_search?phone=998901234567')).toBe(true);

    fireEvent.click(within(widget()).getByRole('button', { name: 'Answer' }));
    expect(fake.line.answer).toHaveBeenCalledWith('in-1');
    expect(within(widget()).getByText('On the call')).toBeTruthy();

    fireEvent.click(within(widget()).getByRole('button', { name: 'Hold' }));
    expect(fake.line.hold).toHaveBeenCalledWith('in-1', true);
    expect(within(widget()).getByText('On hold')).toBeTruthy();

    // A second invite while speaking is ignored (declined), the call goes on.
    act(() => fake.emit({ type: 'incoming', callId: 'in-2', number: '998935551122' }));
    expect(fake.line.decline).toHaveBeenCalledWith('in-2');
    expect(within(widget()).getByText('On the call')).toBeTruthy();

    fireEvent.click(within(widget()).getByRole('button', { name: 'Hang up' }));
    expect(fake.line.hangup).toHaveBeenCalledWith('in-1');
    expect(screen.queryByRole('region', { name: 'Call' })).toBeNull();
  });

  it('names a caller who is a lead of the branch, linking the lead board', async () => {
    leads = [{ id: 40, name: 'Lola Lead' }];
    await renderPhone();
    act(() => fake.emit({ type: 'incoming', callId: 'in-1', number: '998935551122' }));
    const lead = await within(widget()).findByRole('link', { name: 'Lola Lead' });
    expect(lead.getAttribute('href')).toBe('/leads');
    expect(calls.some((call) => call.url.startsWith('/api/v1/leadData?branch_id=2&search=935551122'))).toBe(true);
  });

  it('offers to make an unknown caller a lead, with his number', async () => {
    await renderPhone();
    act(() => fake.emit({ type: 'incoming', callId: 'in-1', number: '+998935551122' }));
    const create = await within(widget()).findByRole('link', { name: /Create a lead/ });
    expect(create.getAttribute('href')).toBe('/leads?new_lead=935551122');
  });

  it('calls a phone of a page with the calling code; the remote answer and bye follow', async () => {
    await renderPhone();
    fireEvent.click(screen.getByRole('button', { name: 'Call +998 90 123 45 67' }));
    expect(fake.line.dial).toHaveBeenCalledWith('out-1', '998901234567');
    expect(within(widget()).getByText('Calling…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Call +998 90 123 45 67' }).hasAttribute('disabled')).toBe(true);

    act(() => fake.emit({ type: 'accepted', callId: 'out-1' }));
    expect(within(widget()).getByText('On the call')).toBeTruthy();
    act(() => fake.emit({ type: 'bye', callId: 'out-1' }));
    expect(screen.queryByRole('region', { name: 'Call' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Call a number' })).toBeTruthy();
  });

  it('tells why a call did not start (spec §8), and a refused log-in', async () => {
    await renderPhone();
    fireEvent.click(screen.getByRole('button', { name: 'Call +998 90 123 45 67' }));
    act(() => fake.emit({ type: 'failed', callId: 'out-1', reason: 'Busy' }));
    expect(await screen.findByText('The call did not go through: Busy')).toBeTruthy();
    act(() => fake.emit({ type: 'registrationFailed', reason: 'Authentication Error' }));
    expect(await screen.findByText('onlinepbx: Access denied')).toBeTruthy();
  });

  it('has no line, and no call button, for a user without an extension, or when OnlinePBX refuses', async () => {
    me = json(200, aVoipMe({ sip: null }));
    renderPage(
      <PhoneProvider createLine={openLine}>
        <CallButton phone="901234567" />
      </PhoneProvider>,
    );
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('button', { name: /Call/ })).toBeNull();
    expect(fake.line.start).not.toHaveBeenCalled();
  });

  it('says the provider’s refusal as “OnlinePBX: {comment}” and offers no calling', async () => {
    me = () => json(422, refusedBody('Account is blocked'));
    renderPage(
      <PhoneProvider createLine={openLine}>
        <CallButton phone="901234567" />
      </PhoneProvider>,
    );
    expect(await screen.findByText('OnlinePBX: Account is blocked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Call/ })).toBeNull();
  });
});
