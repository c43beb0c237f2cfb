import { CALL_ICE_TIMEOUT_MS } from '@crm/contracts';

/** What JsSIP's `icecandidate` event hands over: `ready()` sends the SDP with the candidates found so far. */
export interface IceCandidateEvent {
  ready: () => void;
}

export interface Timers {
  setTimeout: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (timer: ReturnType<typeof setTimeout>) => void;
}

/**
 * Spec §9: ICE gathering is cut after CALL_ICE_TIMEOUT_MS. JsSIP otherwise waits for the end of gathering, which
 * behind some networks takes a minute; from the first candidate on, the call goes out after the timeout at the
 * latest (ready() is idempotent in JsSIP, so a gathering that completes first is not disturbed).
 */
export function iceGatheringCutter(timeoutMs = CALL_ICE_TIMEOUT_MS, timers: Timers = globalThis) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ready: (() => void) | null = null;
  return {
    onCandidate(event: IceCandidateEvent) {
      ready = event.ready;
      timer ??= timers.setTimeout(() => ready?.(), timeoutMs);
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
