import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../db/schema/index.js';
import { runBilling } from './runs.js';

/** How often the server looks for a company whose day has not been billed yet. */
export const BILLING_INTERVAL_MS = 5 * 60_000;

export interface BillingScheduler {
  /** One pass over every company now (what the timer does); resolves when it is over. */
  tick(): Promise<void>;
  stop(): void;
}

/**
 * Starts the daily billing job in this server process (docs/billing.md "Daily run"):
 * at start and then every few minutes, each active company's today (in its time zone)
 * is run unless it is done or another process is running it. Several processes may run
 * it side by side: billing_runs lets one of them take each day. Call it before the app is
 * ready (main.ts: after buildApp, before listen) and it stops when the app closes.
 */
export function startBillingScheduler(
  app: FastifyInstance,
  options: {
    intervalMs?: number;
    /** Only these companies (tests sharing one database with others' companies); default all. */
    only?: readonly number[];
  } = {},
): BillingScheduler {
  let running: Promise<void> | null = null;
  const pass = async () => {
    // Jobs run on the background connections (exports and jobs), never taking the requests' pool.
    const db = app.database.background;
    // The owner connection lists the tenants; each company's run then works inside its own tenant.
    const rows = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.disabled, false))
      .orderBy(asc(companies.id));
    for (const { id } of rows.filter((row) => !options.only || options.only.includes(row.id))) {
      try {
        const outcome = await runBilling(db, id, undefined, { at: app.clock() });
        if (outcome.status === 'done') app.log.info({ billing: outcome }, 'billing run finished');
      } catch (error) {
        app.log.error({ err: error, companyId: id }, 'billing run failed; it is retried on the next pass');
      }
    }
  };
  const tick = () => {
    // One pass at a time in a process: a slow pass is not overtaken by the next timer.
    running ??= pass()
      .catch((error) => app.log.error({ err: error }, 'billing pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? BILLING_INTERVAL_MS);
  timer.unref();
  void tick();
  const stop = () => clearInterval(timer);
  try {
    app.addHook('onClose', async () => {
      stop();
      await running;
    });
  } catch {
    // Fastify takes no hook once it has started: a caller that starts the job later stops it itself.
  }
  return { tick, stop };
}
