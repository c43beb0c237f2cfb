import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type EskizFake, startEskizFake } from '../../../test/fakes/eskiz-fake.js';
import { buildTestApp, call, loginAs, testJobs } from '../../../test/helpers.js';
import { OFFLINE_MESSAGING } from '../../app.js';
import type { MessagingConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { noonOf } from '../billing/billing-test-world.js';
import { createDebtorsWorld } from '../finance/debtors-test-world.js';

export const ESKIZ_ACCOUNT = { email: 'platform@example.uz', password: 'eskiz-secret-1' };

/**
 * A centre on Saturday 15 March 2025 (the debtors world: a group, March charged) whose SMS go through a local
 * Eskiz as the platform's shared sender, with the job queue running — the admin's API, the fake to watch.
 */
export async function createSmsWorld(
  database: Database,
  options: { day?: string; listen?: boolean; telegram?: MessagingConfig['telegram'] } = {},
) {
  const eskiz: EskizFake = await startEskizFake(ESKIZ_ACCOUNT);
  afterAll(() => eskiz.stop());
  let clock = noonOf(options.day ?? '2025-03-15');
  const app: FastifyInstance = await buildTestApp(database, {
    clock: () => clock,
    jobs: testJobs(),
    messaging: {
      ...OFFLINE_MESSAGING,
      sms: { provider: 'eskiz', baseUrl: eskiz.url, sender: '4546', ...ESKIZ_ACCOUNT },
      eskizApiUrl: eskiz.url,
      ...(options.telegram ? { telegram: options.telegram } : {}),
    },
  });
  await app.ready();
  if (options.listen) {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    app.messaging.publicUrl = address;
  }
  await app.jobs.start();
  afterAll(() => app.close());
  const w = await createDebtorsWorld(app, database.db);
  const as = (token: string) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub: w.subdomain, token, body });
  const users = w.users as NonNullable<typeof w.users>;
  return {
    ...w,
    app,
    eskiz,
    admin: as(w.tokens.admin),
    teacher: as(w.tokens.teacher),
    cashier: as(w.tokens.cashier),
    ceo: as(await loginAs(app, w.subdomain, users.ceo.phone)),
    setClock: (at: Date) => {
      clock = at;
    },
  };
}

export type SmsWorld = Awaited<ReturnType<typeof createSmsWorld>>;
