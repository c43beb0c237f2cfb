import { CALL_ICE_TIMEOUT_MS } from '@crm/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallController } from './call-controller';
import { type CallEvent, type CallSnapshot, callReducer, IDLE } from './call-machine';
import { iceGatheringCutter } from './ice-timeout';
import { fakeLine } from './telephony-fixtures';

const calling: CallSnapshot = {
  state: 'calling',
  callId: 'out-1',
  number: '998901234567',
  direction: 'outgoing',
  held: false,
};
const ringing: CallSnapshot = {
  state: 'ringing',
  callId: 'in-1',
  number: '998907654321',
  direction: 'incoming',
  held: false,
};
const speaking: CallSnapshot = { ...calling, state: 'speaking' };
const held: CallSnapshot = { ...speaking, held: true };

/** Spec §4: the end of a call stops the ring and the audio and refreshes the history. */
const END = [{ kind: 'ringtone', on: false }, { kind: 'stopAudio' }, { kind: 'refreshHistory' }];

const ignoredIn = (snapshot: CallSnapshot, event: CallEvent) => {
  const step = callReducer(snapshot, event);
  expect(step.snapshot).toBe(snapshot);
  expect(step.effects).toEqual([]);
};

describe('the call machine (spec §4)', () => {
  describe('idle', () => {
    it('dials: calling, the line places the call', () => {
      expect(callReducer(IDLE, { type: 'dial', callId: 'out-1', number: '998901234567' })).toEqual({
        snapshot: calling,
        effects: [{ kind: 'dial', callId: 'out-1', number: '998901234567' }],
      });
    });

    it('takes an invite: ringing, with the ringtone', () => {
      expect(callReducer(IDLE, { type: 'incoming', callId: 'in-1', number: '998907654321' })).toEqual({
        snapshot: ringing,
        effects: [{ kind: 'ringtone', on: true }],
      });
    });

    it.each<CallEvent>([
      { type: 'answer' },
      { type: 'accepted', callId: 'out-1' },
      { type: 'hold' },
      { type: 'hangup' },
      { type: 'bye', callId: 'out-1' },
      { type: 'failed', callId: 'out-1', reason: 'Busy' },
    ])('ignores $type', (event) => ignoredIn(IDLE, event));
  });

  describe('calling', () => {
    it('moves to speaking when the other side answers', () => {
      expect(callReducer(calling, { type: 'accepted', callId: 'out-1' })).toEqual({ snapshot: speaking, effects: [] });
    });

    it('hangs up on the user’s word: the line ends the call', () => {
      expect(callReducer(calling, { type: 'hangup' })).toEqual({
        snapshot: IDLE,
        effects: [{ kind: 'hangup', callId: 'out-1' }, ...END],
      });
    });

    it('ends on bye', () => {
      expect(callReducer(calling, { type: 'bye', callId: 'out-1' })).toEqual({ snapshot: IDLE, effects: END });
    });

    it('ends on a failure and says why the call did not start (spec §8)', () => {
      expect(callReducer(calling, { type: 'failed', callId: 'out-1', reason: 'Busy' })).toEqual({
        snapshot: IDLE,
        effects: [{ kind: 'callFailed', reason: 'Busy' }, ...END],
      });
    });

    it('declines another invite: one call at a time', () => {
      expect(callReducer(calling, { type: 'incoming', callId: 'in-2', number: '1' })).toEqual({
        snapshot: calling,
        effects: [{ kind: 'decline', callId: 'in-2' }],
      });
    });

    it.each<CallEvent>([
      { type: 'dial', callId: 'out-2', number: '2' },
      { type: 'answer' },
      { type: 'hold' },
      { type: 'accepted', callId: 'out-9' },
      { type: 'bye', callId: 'out-9' },
      { type: 'failed', callId: 'out-9', reason: 'x' },
    ])('ignores $type (of another call where it names one)', (event) => ignoredIn(calling, event));
  });

  describe('ringing', () => {
    it('answers: speaking, the ring stops and the line answers', () => {
      expect(callReducer(ringing, { type: 'answer' })).toEqual({
        snapshot: { ...ringing, state: 'speaking' },
        effects: [
          { kind: 'ringtone', on: false },
          { kind: 'answer', callId: 'in-1' },
        ],
      });
    });

    it('rejects on hang up', () => {
      expect(callReducer(ringing, { type: 'hangup' })).toEqual({
        snapshot: IDLE,
        effects: [{ kind: 'hangup', callId: 'in-1' }, ...END],
      });
    });

    it('ends when the caller gives up (bye), or the invite fails — a missed call, no toast', () => {
      expect(callReducer(ringing, { type: 'bye', callId: 'in-1' })).toEqual({ snapshot: IDLE, effects: END });
      expect(callReducer(ringing, { type: 'failed', callId: 'in-1', reason: 'Canceled' })).toEqual({
        snapshot: IDLE,
        effects: END,
      });
    });

    it('declines a second invite', () => {
      expect(callReducer(ringing, { type: 'incoming', callId: 'in-2', number: '3' }).effects).toEqual([
        { kind: 'decline', callId: 'in-2' },
      ]);
    });

    it.each<CallEvent>([
      { type: 'dial', callId: 'out-2', number: '2' },
      { type: 'accepted', callId: 'in-1' },
      { type: 'hold' },
    ])('ignores $type', (event) => ignoredIn(ringing, event));
  });

  describe('speaking', () => {
    it('toggles hold, and back', () => {
      const step = callReducer(speaking, { type: 'hold' });
      expect(step).toEqual({ snapshot: held, effects: [{ kind: 'hold', callId: 'out-1', on: true }] });
      expect(callReducer(step.snapshot, { type: 'hold' })).toEqual({
        snapshot: speaking,
        effects: [{ kind: 'hold', callId: 'out-1', on: false }],
      });
    });

    it('ignores an incoming invite (spec §4): the state stays, the invite is declined', () => {
      const step = callReducer(speaking, { type: 'incoming', callId: 'in-7', number: '998935551122' });
      expect(step.snapshot).toBe(speaking);
      expect(step.effects).toEqual([{ kind: 'decline', callId: 'in-7' }]);
      expect(callReducer(held, { type: 'incoming', callId: 'in-8', number: '1' }).snapshot).toBe(held);
    });

    it('ends on bye, on a failure (without a toast) and on hang up, on hold or not', () => {
      expect(callReducer(speaking, { type: 'bye', callId: 'out-1' })).toEqual({ snapshot: IDLE, effects: END });
      expect(callReducer(held, { type: 'failed', callId: 'out-1', reason: 'RTP Timeout' })).toEqual({
        snapshot: IDLE,
        effects: END,
      });
      expect(callReducer(held, { type: 'hangup' })).toEqual({
        snapshot: IDLE,
        effects: [{ kind: 'hangup', callId: 'out-1' }, ...END],
      });
    });

    it.each<CallEvent>([
      { type: 'dial', callId: 'out-2', number: '2' },
      { type: 'answer' },
      { type: 'accepted', callId: 'out-1' },
      // A declined invite's own end is not this call's.
      { type: 'bye', callId: 'in-7' },
      { type: 'failed', callId: 'in-7', reason: 'Busy' },
    ])('ignores $type', (event) => ignoredIn(speaking, event));
  });
});

describe('the ICE gathering timeout (spec §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the call with the candidates found once CALL_ICE_TIMEOUT_MS have passed', () => {
    vi.useFakeTimers();
    const cutter = iceGatheringCutter();
    const first = vi.fn();
    const latest = vi.fn();
    cutter.onCandidate({ ready: first });
    vi.advanceTimersByTime(3000);
    cutter.onCandidate({ ready: latest });
    vi.advanceTimersByTime(CALL_ICE_TIMEOUT_MS - 3001);
    expect(latest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(latest).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
  });

  it('leaves alone a call whose gathering ended first', () => {
    vi.useFakeTimers();
    const cutter = iceGatheringCutter();
    const ready = vi.fn();
    cutter.onCandidate({ ready });
    cutter.cancel();
    vi.advanceTimersByTime(CALL_ICE_TIMEOUT_MS * 2);
    expect(ready).not.toHaveBeenCalled();
  });
});

describe('the call controller', () => {
  const sides = () => ({ ringtone: vi.fn(), stopAudio: vi.fn(), refreshHistory: vi.fn(), notify: vi.fn() });

  it('runs the machine over a line: a call placed, answered remotely, ended by bye', () => {
    const fake = fakeLine();
    const effects = sides();
    const controller = new CallController(fake.line, effects);
    controller.start();
    controller.dial('998901234567');
    expect(fake.line.dial).toHaveBeenCalledWith('out-1', '998901234567');
    expect(controller.getSnapshot().state).toBe('calling');
    fake.emit({ type: 'accepted', callId: 'out-1' });
    expect(controller.getSnapshot().state).toBe('speaking');
    fake.emit({ type: 'incoming', callId: 'in-1', number: '5' });
    expect(fake.line.decline).toHaveBeenCalledWith('in-1');
    fake.emit({ type: 'bye', callId: 'out-1' });
    expect(controller.getSnapshot()).toBe(IDLE);
    expect(effects.stopAudio).toHaveBeenCalledOnce();
    expect(effects.refreshHistory).toHaveBeenCalledOnce();
  });

  it('says a failed log-in once (spec §8 "onlinepbx: Access denied"), not at each retry of the line', () => {
    const fake = fakeLine();
    const effects = sides();
    new CallController(fake.line, effects).start();
    fake.emit({ type: 'registrationFailed', reason: 'Authentication Error' });
    fake.emit({ type: 'registrationFailed', reason: 'Authentication Error' });
    expect(effects.notify).toHaveBeenCalledOnce();
    expect(effects.notify).toHaveBeenCalledWith('accessDenied', 'Authentication Error');
  });
});
