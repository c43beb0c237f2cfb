import 'fake-indexeddb/auto';
import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { dropMark, queuedMarks, queueMark } from './offline-marks';
import { sendWaitingMarks } from './use-offline-marks';

/** Issue 24: the roll call's marks made offline wait on the phone and are sent once the connection returns. */
const t = ((key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key) as unknown as TFunction;
const mark = (student: number, status: 0 | 1, group = 7) => ({
  group_id: group,
  student_id: student,
  student_name: `Student ${student}`,
  date: '2026-11-20',
  status,
});

let answers: ((init: RequestInit) => Response)[];
const sent: { body: unknown; key: string | undefined }[] = [];

beforeEach(async () => {
  for (const queued of await queuedMarks()) await dropMark(queued.key);
  storeUser(aUser([6]), 'token');
  sent.length = 0;
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ body: JSON.parse(String(init.body)), key: headers['Idempotency-Key'] });
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer(init);
    }),
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the offline roll call', () => {
  it('keeps the last tap of a student while it waits', async () => {
    await queueMark(mark(101, 1), new Date('2026-11-20T04:00:00Z'));
    await queueMark(mark(101, 0), new Date('2026-11-20T04:01:00Z'));
    await queueMark(mark(102, 1), new Date('2026-11-20T04:02:00Z'));
    const queued = await queuedMarks();
    expect(queued.map((m) => [m.student_id, m.status, m.state])).toEqual([
      [101, 0, 'waiting'],
      [102, 1, 'waiting'],
    ]);
  });

  it('sends each mark with its own key, again after a failed try, and keeps a refusal with its reason', async () => {
    const first = await queueMark(mark(101, 1), new Date('2026-11-20T04:00:00Z'));
    const second = await queueMark(mark(102, 1), new Date('2026-11-20T04:01:00Z'));
    // No connection: nothing is lost, nothing more is tried.
    await sendWaitingMarks(t);
    expect(sent).toHaveLength(1);
    expect((await queuedMarks()).every((m) => m.state === 'waiting')).toBe(true);
    answers = [
      json(200, { student_id: 101, group_id: 7, date: '2026-11-20', status: 1 }),
      json(422, { error: { code: 'lesson_cancelled', message: 'The lesson is cancelled.' } }),
    ];
    await sendWaitingMarks(t);
    expect(sent.map((s) => s.key)).toEqual([first.key, first.key, second.key]);
    expect(sent[1]?.body).toEqual({ student_id: 101, group_id: 7, date: '2026-11-20', status: 1 });
    const left = await queuedMarks();
    expect(left).toEqual([
      expect.objectContaining({ key: second.key, state: 'refused', error_code: 'lesson_cancelled' }),
    ]);
    expect(left[0]?.error_text).toBe('The lesson is cancelled.');
    // A refusal is not sent again: the teacher reads it and puts it away.
    await sendWaitingMarks(t);
    expect(sent).toHaveLength(3);
  });
});
