import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type EskizFake, startEskizFake } from '../../../test/fakes/eskiz-fake.js';
import { buildTestApp, call, openTestDatabase } from '../../../test/helpers.js';
import { OFFLINE_MESSAGING } from '../../app.js';

const ESKIZ = { email: 'platform@example.uz', password: 'eskiz-secret-1' };

/**
 * The platform with its shared SMS operator (a local Eskiz) and a clock the test moves: codes are read from
 * what the operator received, as a person reads them from the phone.
 */
export async function createSignUpWorld(start = new Date('2026-11-26T09:00:00Z')) {
  const database = await openTestDatabase();
  const eskiz: EskizFake = await startEskizFake(ESKIZ);
  afterAll(() => eskiz.stop());
  let clock = start;
  const app: FastifyInstance = await buildTestApp(database, {
    clock: () => clock,
    messaging: {
      ...OFFLINE_MESSAGING,
      sms: { provider: 'eskiz', baseUrl: eskiz.url, sender: '4546', ...ESKIZ },
      eskizApiUrl: eskiz.url,
    },
  });
  await app.ready();
  afterAll(() => app.close());
  const api = (method: 'GET' | 'POST', url: string, body?: unknown, sub?: string) =>
    call(app, { method, url: `/api/v1${url}`, body, ...(sub ? { sub } : {}) });
  return {
    app,
    database,
    eskiz,
    api,
    /** The instant the app sees. */
    now: () => clock,
    later: (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
    /** The code in the latest SMS to `phone` (international digits), as the phone shows it. */
    codeSentTo(phone: string): string | undefined {
      const text = eskiz.messages.filter((m) => m.to === phone).at(-1)?.text;
      return text?.match(/\b(\d{6})\b/)?.[1];
    },
    smsCountTo: (phone: string) => eskiz.messages.filter((m) => m.to === phone).length,
  };
}
