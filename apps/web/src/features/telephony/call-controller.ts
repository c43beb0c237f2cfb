import { type CallEffect, type CallEvent, type CallSnapshot, callReducer, IDLE } from './call-machine';

/** What the line (the SIP adapter, or a fake in tests) tells: the call events, and a failed log-in. */
export type LineEvent =
  | Extract<CallEvent, { type: 'incoming' | 'accepted' | 'bye' | 'failed' }>
  | { type: 'registrationFailed'; reason: string };

/** A telephone line: the SIP adapter (sip-phone.ts) in the app, a fake in tests. Calls are named by the line's ids. */
export interface PhoneLine {
  /** Connects and registers; the line's events go to `onEvent` from then on. */
  start(onEvent: (event: LineEvent) => void): void;
  stop(): void;
  dial(callId: string, number: string): void;
  answer(callId: string): void;
  hangup(callId: string): void;
  hold(callId: string, on: boolean): void;
  /** Refuses an invite that came while another call is on. */
  decline(callId: string): void;
  /** The provider's id of a call (SIP Call-ID), which POST /call/transfer names. */
  providerCallId(callId: string): string | null;
}

/** The effects outside the line: the ringtone, the remote audio, the history and the toasts of spec §8. */
export interface CallSides {
  ringtone(on: boolean): void;
  stopAudio(): void;
  refreshHistory(): void;
  notify(problem: 'accessDenied' | 'callFailed', reason?: string): void;
}

/** Runs the state machine over a line: the user's actions and the line's events in, effects out, a store for React. */
export class CallController {
  private snapshot: CallSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private outgoing = 0;
  /** The line retries its log-in (each time the socket comes back): the user hears of the refusal once. */
  private deniedSaid = false;

  constructor(
    private readonly line: PhoneLine,
    private readonly sides: CallSides,
  ) {}

  start(): void {
    this.line.start((event) => {
      if (event.type !== 'registrationFailed') this.dispatch(event);
      else if (!this.deniedSaid) {
        this.deniedSaid = true;
        this.sides.notify('accessDenied', event.reason);
      }
    });
  }

  stop(): void {
    this.dispatch({ type: 'hangup' });
    this.line.stop();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): CallSnapshot => this.snapshot;

  dial(number: string): void {
    this.outgoing += 1;
    this.dispatch({ type: 'dial', callId: `out-${this.outgoing}`, number });
  }

  answer = () => this.dispatch({ type: 'answer' });
  hold = () => this.dispatch({ type: 'hold' });
  hangup = () => this.dispatch({ type: 'hangup' });

  /** The SIP Call-ID of the current call, for a transfer. */
  providerCallId(): string | null {
    return this.snapshot.callId === null ? null : this.line.providerCallId(this.snapshot.callId);
  }

  private dispatch(event: CallEvent): void {
    const step = callReducer(this.snapshot, event);
    if (step.snapshot !== this.snapshot) {
      this.snapshot = step.snapshot;
      for (const listener of this.listeners) listener();
    }
    for (const effect of step.effects) this.run(effect);
  }

  private run(effect: CallEffect): void {
    switch (effect.kind) {
      case 'dial':
        this.line.dial(effect.callId, effect.number);
        break;
      case 'answer':
        this.line.answer(effect.callId);
        break;
      case 'hangup':
        this.line.hangup(effect.callId);
        break;
      case 'hold':
        this.line.hold(effect.callId, effect.on);
        break;
      case 'decline':
        this.line.decline(effect.callId);
        break;
      case 'ringtone':
        this.sides.ringtone(effect.on);
        break;
      case 'stopAudio':
        this.sides.stopAudio();
        break;
      case 'refreshHistory':
        this.sides.refreshHistory();
        break;
      case 'callFailed':
        this.sides.notify('callFailed', effect.reason);
        break;
    }
  }
}
