import type { AttemptAnswer } from '@crm/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/api-error';
import type { SaveState } from './save-status';

/** Refusals that mean the attempt is closed (time over, handed in elsewhere): nothing more is sent. */
const CLOSED_CODES = ['exam_time_over', 'exam_submitted', 'exam_not_started'];

export const isAttemptClosed = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 422 && CLOSED_CODES.includes(error.code);

/** A refusal that a repeat would meet again (a 4xx other than a timeout or "too many"): not retried. */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

/** Answers are small plain objects: the same answer given again (a blur after typing) is not sent twice. */
const sameAnswer = (a: AttemptAnswer | null, b: AttemptAnswer) => JSON.stringify(a) === JSON.stringify(b);

/** 1 s, 2 s, 4 s… up to 10 s between tries: a phone that lost its network gets its answers in when it is back. */
const retryDelay = (tries: number) => Math.min(10_000, 1000 * 2 ** (tries - 1));

interface Slot {
  /** The answer the student gave last: what the server must end up with. */
  wanted: AttemptAnswer;
  /** The answer the server has. */
  saved: AttemptAnswer | null;
  /** The request under way, if any (one at a time per question, so an older answer never lands last). */
  running: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | null;
  tries: number;
  /** Refused for good (a 4xx): not saved, not retried until the student answers again. */
  failed: boolean;
}

interface AnswerSaver {
  states: Readonly<Record<number, SaveState>>;
  /** Saves a question's answer now, or after `delay` ms of quiet (typing); a newer answer replaces a waiting one. */
  save: (questionId: number, answer: AttemptAnswer, delay?: number) => void;
  /** Sends every waiting answer now and waits for them; the questions still not saved after it. */
  flush: () => Promise<number[]>;
  /** Sends nothing more (the time is over). */
  stop: () => void;
}

/**
 * Spec issue 19: each answer is saved by PUT …/answer as the student gives it. Saves that fail for the network or
 * the server are retried until they pass; a refusal saying the attempt is closed stops everything and is handed
 * to `onClosed` (the page words it and reads the graded attempt).
 */
export function useAnswerSaver(
  send: (questionId: number, answer: AttemptAnswer) => Promise<unknown>,
  onClosed: (error: ApiError) => void,
): AnswerSaver {
  const [states, setStates] = useState<Record<number, SaveState>>({});
  const slots = useRef(new Map<number, Slot>());
  const stopped = useRef(false);
  // The latest callbacks, so timers set by an older render call the current ones.
  const latest = useRef({ send, onClosed });
  latest.current = { send, onClosed };
  const setState = useCallback((id: number, state: SaveState) => setStates((all) => ({ ...all, [id]: state })), []);

  const stop = useCallback(() => {
    stopped.current = true;
    for (const slot of slots.current.values()) if (slot.timer) clearTimeout(slot.timer);
  }, []);

  const run = useCallback(
    (id: number): Promise<void> => {
      const slot = slots.current.get(id);
      if (!slot || stopped.current) return Promise.resolve();
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      if (slot.running) return slot.running;
      if (sameAnswer(slot.saved, slot.wanted)) return Promise.resolve();
      const answer = slot.wanted;
      setState(id, slot.tries ? 'retrying' : 'saving');
      slot.running = latest.current.send(id, answer).then(
        () => {
          slot.running = null;
          slot.tries = 0;
          slot.saved = answer;
          // A newer answer came while this one was on its way: it goes next.
          if (!sameAnswer(slot.wanted, answer)) return run(id);
          setState(id, 'saved');
        },
        (error: unknown) => {
          slot.running = null;
          if (isAttemptClosed(error)) {
            stop();
            latest.current.onClosed(error);
          } else if (isFinal(error)) {
            slot.failed = true;
            setState(id, 'failed');
          } else if (!stopped.current) {
            slot.tries += 1;
            setState(id, 'retrying');
            slot.timer = setTimeout(() => void run(id), retryDelay(slot.tries));
          }
        },
      );
      return slot.running;
    },
    [setState, stop],
  );

  const save = useCallback(
    (id: number, answer: AttemptAnswer, delay = 0) => {
      if (stopped.current) return;
      const slot = slots.current.get(id) ?? {
        wanted: answer,
        saved: null,
        running: null,
        timer: null,
        tries: 0,
        failed: false,
      };
      slot.wanted = answer;
      slot.failed = false;
      slots.current.set(id, slot);
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      if (delay > 0 && !slot.running) slot.timer = setTimeout(() => void run(id), delay);
      else void run(id);
    },
    [run],
  );

  const flush = useCallback(async () => {
    const ids = [...slots.current.keys()];
    await Promise.all(ids.map((id) => run(id)));
    // A save that failed again waits for its retry: it is not saved yet.
    return ids.filter((id) => {
      const slot = slots.current.get(id);
      return slot && (slot.failed || slot.timer !== null || slot.running !== null || slot.tries > 0);
    });
  }, [run]);

  // Timers end with the page (set again on a remount, as React's development mode does once).
  useEffect(() => {
    stopped.current = false;
    return stop;
  }, [stop]);
  return useMemo(() => ({ states, save, flush, stop }), [states, save, flush, stop]);
}
