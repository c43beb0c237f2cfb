import { CALL_ICE_TIMEOUT_MS } from '@crm/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineEvent } from './call-controller';
import { createSipLine } from './sip-phone';
import { aVoipMe } from './telephony-fixtures';

/** JsSIP's UA and sessions as far as the adapter uses them: their events are fired by the test. */
const jssip = vi.hoisted(() => {
  type Listener = (event?: unknown) => void;
  class Emitter {
    readonly listeners = new Map<string, Listener[]>();
    on(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
      return this;
    }
    fire(type: string, event?: unknown) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  class FakeSession extends Emitter {
    connection = null;
    ended = false;
    answer = vi.fn();
    terminate = vi.fn(() => {
      this.ended = true;
    });
    hold = vi.fn();
    unhold = vi.fn();
    constructor(readonly remote_identity: { uri: { user: string } }) {
      super();
    }
    isEnded() {
      return this.ended;
    }
  }
  const made: FakeUA[] = [];
  class FakeUA extends Emitter {
    start = vi.fn();
    stop = vi.fn();
    call = vi.fn((target: string) => {
      const session = new FakeSession({ uri: { user: target } });
      this.fire('newRTCSession', { originator: 'local', session, request: { call_id: 'sip-out-1' } });
      return session;
    });
    constructor(readonly configuration: Record<string, unknown>) {
      super();
      made.push(this);
    }
  }
  class WebSocketInterface {
    constructor(readonly url: string) {}
  }
  return { FakeSession, FakeUA, WebSocketInterface, made };
});

vi.mock('jssip', () => ({ UA: jssip.FakeUA, WebSocketInterface: jssip.WebSocketInterface }));

const sip = aVoipMe().sip!;
let events: LineEvent[] = [];

const startLine = () => {
  const line = createSipLine(sip, document.createElement('audio'));
  line.start((event) => events.push(event));
  const ua = jssip.made.at(-1)!;
  return { line, ua };
};

beforeEach(() => {
  events = [];
  jssip.made.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('the SIP line over JsSIP', () => {
  it('registers the extension over the provider’s WebSocket with GET /voip/me’s credentials', () => {
    const { ua } = startLine();
    expect(ua.configuration).toMatchObject({
      uri: 'sip:101@pbx100.onpbx.ru',
      authorization_user: '101',
      password: 'secret',
      display_name: 'Aziza Karimova',
      register: true,
    });
    expect((ua.configuration.sockets as { url: string }[])[0]?.url).toBe('wss://pbx100.onpbx.ru:7443');
    expect(ua.start).toHaveBeenCalled();
    ua.fire('registrationFailed', { cause: 'Authentication Error' });
    expect(events).toEqual([{ type: 'registrationFailed', reason: 'Authentication Error' }]);
  });

  it('places an audio-only call to the number at the domain and reports its answer and end', () => {
    const { line, ua } = startLine();
    line.dial('out-1', '998901234567');
    expect(ua.call).toHaveBeenCalledWith('sip:998901234567@pbx100.onpbx.ru', {
      mediaConstraints: { audio: true, video: false },
    });
    const session = ua.call.mock.results[0]?.value as InstanceType<typeof jssip.FakeSession>;
    expect(line.providerCallId('out-1')).toBe('sip-out-1');
    session.fire('accepted');
    line.hold('out-1', true);
    expect(session.hold).toHaveBeenCalled();
    session.fire('ended');
    expect(events).toEqual([
      { type: 'accepted', callId: 'out-1' },
      { type: 'bye', callId: 'out-1' },
    ]);
  });

  it('cuts ICE gathering after CALL_ICE_TIMEOUT_MS (spec §9)', () => {
    vi.useFakeTimers();
    const { line, ua } = startLine();
    line.dial('out-1', '998901234567');
    const session = ua.call.mock.results[0]?.value as InstanceType<typeof jssip.FakeSession>;
    const ready = vi.fn();
    session.fire('icecandidate', { candidate: {}, ready });
    vi.advanceTimersByTime(CALL_ICE_TIMEOUT_MS);
    expect(ready).toHaveBeenCalledOnce();
  });

  it('reports an incoming call with the caller’s number; answers it, or declines one as busy', () => {
    const { line, ua } = startLine();
    const first = new jssip.FakeSession({ uri: { user: '998935551122' } });
    ua.fire('newRTCSession', { originator: 'remote', session: first, request: { getHeader: () => 'sip-in-1' } });
    expect(events).toEqual([{ type: 'incoming', callId: 'in-1', number: '998935551122' }]);
    line.answer('in-1');
    expect(first.answer).toHaveBeenCalledWith({ mediaConstraints: { audio: true, video: false } });

    const second = new jssip.FakeSession({ uri: { user: '998901112233' } });
    ua.fire('newRTCSession', { originator: 'remote', session: second, request: { getHeader: () => 'sip-in-2' } });
    line.decline('in-2');
    expect(second.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
    second.fire('failed', { cause: 'Busy' });
    expect(events.at(-1)).toEqual({ type: 'failed', callId: 'in-2', reason: 'Busy' });
  });

  it('hangs up a call whose ICE connection failed, and reports it failed once (spec §8)', () => {
    const { line, ua } = startLine();
    line.dial('out-1', '998901234567');
    const session = ua.call.mock.results[0]?.value as InstanceType<typeof jssip.FakeSession>;
    const connection = new EventTarget() as EventTarget & { iceConnectionState: string };
    connection.iceConnectionState = 'checking';
    session.fire('peerconnection', { peerconnection: connection });
    session.fire('accepted');
    connection.dispatchEvent(new Event('iceconnectionstatechange'));
    expect(session.terminate).not.toHaveBeenCalled();

    connection.iceConnectionState = 'failed';
    connection.dispatchEvent(new Event('iceconnectionstatechange'));
    connection.dispatchEvent(new Event('iceconnectionstatechange'));
    session.fire('ended');
    expect(session.terminate).toHaveBeenCalledOnce();
    expect(events).toEqual([
      { type: 'accepted', callId: 'out-1' },
      { type: 'failed', callId: 'out-1', reason: 'ICE' },
      { type: 'bye', callId: 'out-1' },
    ]);
  });

  it('reports a call that cannot be placed as failed', () => {
    const { line, ua } = startLine();
    ua.call.mockImplementationOnce(() => {
      throw new Error('Invalid target');
    });
    line.dial('out-1', '1');
    expect(events).toEqual([{ type: 'failed', callId: 'out-1', reason: 'Invalid target' }]);
  });
});
