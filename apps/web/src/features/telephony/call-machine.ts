import type { CallState } from '@crm/contracts';

/**
 * The call widget's states (spec §4): idle, calling (outgoing), ringing (incoming), speaking. Answer moves ringing to
 * speaking; the remote answer moves calling to speaking; bye, a failed connection or an error ends the call, stops
 * the audio and refreshes the history. An incoming invite is ignored while a call is on (one call at a time: while
 * speaking, spec §4, and equally while calling or ringing) — it is declined, so its caller is not left ringing.
 * Hold toggles while speaking.
 *
 * Pure: a reducer from the state and one event to the next state and the effects to run. The SIP adapter, the
 * ringtone, the audio and the history live outside (call-controller.ts runs the effects).
 */

export type CallDirection = 'outgoing' | 'incoming';

export interface CallSnapshot {
  state: CallState;
  /** The line's id of the current call (the adapter's, not SIP's); null while idle. */
  callId: string | null;
  /** The other party's number as the line gave it; null while idle. */
  number: string | null;
  direction: CallDirection | null;
  /** Spec §4 "Hold toggles": on hold while speaking. */
  held: boolean;
}

export const IDLE: CallSnapshot = { state: 'idle', callId: null, number: null, direction: null, held: false };

export type CallEvent =
  /** The user places a call. */
  | { type: 'dial'; callId: string; number: string }
  /** The line receives an invite. */
  | { type: 'incoming'; callId: string; number: string }
  /** The user answers the ringing call. */
  | { type: 'answer' }
  /** The other party answered the outgoing call. */
  | { type: 'accepted'; callId: string }
  /** The user toggles hold. */
  | { type: 'hold' }
  /** The user hangs up (or cancels, or rejects the ringing call). */
  | { type: 'hangup' }
  /** The other party hung up: bye, or the call ended otherwise. */
  | { type: 'bye'; callId: string }
  /** The connection, ICE or the call failed. */
  | { type: 'failed'; callId: string; reason: string };

export type CallEffect =
  | { kind: 'dial'; callId: string; number: string }
  | { kind: 'answer'; callId: string }
  | { kind: 'hangup'; callId: string }
  | { kind: 'hold'; callId: string; on: boolean }
  | { kind: 'decline'; callId: string }
  | { kind: 'ringtone'; on: boolean }
  | { kind: 'stopAudio' }
  | { kind: 'refreshHistory' }
  /** Spec §8: a call that could not start is told with its reason. */
  | { kind: 'callFailed'; reason: string };

export interface CallStep {
  snapshot: CallSnapshot;
  effects: CallEffect[];
}

const unchanged = (snapshot: CallSnapshot, effects: CallEffect[] = []): CallStep => ({ snapshot, effects });

/** Spec §4: the end of a call stops the audio and refreshes the history. */
const ended = (effects: CallEffect[] = []): CallStep => ({
  snapshot: IDLE,
  effects: [...effects, { kind: 'ringtone', on: false }, { kind: 'stopAudio' }, { kind: 'refreshHistory' }],
});

/** Whether a line event is about the current call (a declined invite's end is not). */
const current = (snapshot: CallSnapshot, callId: string) => snapshot.state !== 'idle' && snapshot.callId === callId;

export function callReducer(snapshot: CallSnapshot, event: CallEvent): CallStep {
  switch (event.type) {
    case 'dial':
      if (snapshot.state !== 'idle') return unchanged(snapshot);
      return {
        snapshot: { state: 'calling', callId: event.callId, number: event.number, direction: 'outgoing', held: false },
        effects: [{ kind: 'dial', callId: event.callId, number: event.number }],
      };
    case 'incoming':
      if (snapshot.state !== 'idle') return unchanged(snapshot, [{ kind: 'decline', callId: event.callId }]);
      return {
        snapshot: { state: 'ringing', callId: event.callId, number: event.number, direction: 'incoming', held: false },
        effects: [{ kind: 'ringtone', on: true }],
      };
    case 'answer':
      if (snapshot.state !== 'ringing' || snapshot.callId === null) return unchanged(snapshot);
      return {
        snapshot: { ...snapshot, state: 'speaking' },
        effects: [
          { kind: 'ringtone', on: false },
          { kind: 'answer', callId: snapshot.callId },
        ],
      };
    case 'accepted':
      if (snapshot.state !== 'calling' || !current(snapshot, event.callId)) return unchanged(snapshot);
      return { snapshot: { ...snapshot, state: 'speaking' }, effects: [] };
    case 'hold':
      if (snapshot.state !== 'speaking' || snapshot.callId === null) return unchanged(snapshot);
      return {
        snapshot: { ...snapshot, held: !snapshot.held },
        effects: [{ kind: 'hold', callId: snapshot.callId, on: !snapshot.held }],
      };
    case 'hangup':
      if (snapshot.state === 'idle' || snapshot.callId === null) return unchanged(snapshot);
      return ended([{ kind: 'hangup', callId: snapshot.callId }]);
    case 'bye':
      return current(snapshot, event.callId) ? ended() : unchanged(snapshot);
    case 'failed':
      if (!current(snapshot, event.callId)) return unchanged(snapshot);
      // A call that never started says why; one that was ringing here was only missed.
      return ended(snapshot.state === 'calling' ? [{ kind: 'callFailed', reason: event.reason }] : []);
  }
}
