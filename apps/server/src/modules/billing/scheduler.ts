import { companyDay } from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { billingRuns } from '../../db/schema/index.js';
import { activeCompanies } from '../../platform/jobs/companies.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { runBilling } from './runs.js';

/**
 * The daily billing run on the job queue (docs/billing.md "Daily run"): every five minutes a dispatch job
 * queues each active company's today (in its time zone) once — the job's key is the company and the day —
 * and a worker in whichever process takes it runs it. billing_runs still claims the day, so a run that a
 * crash interrupted is taken over by the job's retry and books nothing twice.
 */
export function registerBillingJobs(app: FastifyInstance): void {
  app.jobs.handle(JOBS.billingDispatch, () => dispatchBilling(app));
  app.jobs.handle(JOBS.billingCompanyDay, async ({ companyId, date }) => {
    const outcome = await runBilling(app.database.background, companyId, date, { at: app.clock() });
    if (outcome.status === 'done') app.log.info({ billing: outcome }, 'billing run finished');
    // Another process holds the day's lease: fail, so the queue tries again after its delay.
    if (outcome.status === 'busy') throw new Error(`billing of company ${companyId} for ${date} is running elsewhere`);
  });
}

/** Queues today's run of every active company whose day is not done; answers how many were queued. */
export async function dispatchBilling(app: FastifyInstance, only?: readonly number[]): Promise<number> {
  const db = app.database.background;
  const at = app.clock();
  const rows = (await activeCompanies(db, only)).map((c) => ({ id: c.id, date: companyDay(c.datas, at) }));
  if (!rows.length) return 0;
  const done = await db
    .select({ companyId: billingRuns.companyId, date: billingRuns.runDate })
    .from(billingRuns)
    .where(
      and(
        inArray(
          billingRuns.companyId,
          rows.map((r) => r.id),
        ),
        eq(billingRuns.status, 'done'),
      ),
    )
    .orderBy(asc(billingRuns.companyId));
  const finished = new Set(done.map((r) => `${r.companyId}:${r.date}`));
  let queued = 0;
  for (const row of rows) {
    const key = `${row.id}:${row.date}`;
    if (finished.has(key)) continue;
    if (await app.jobs.send(JOBS.billingCompanyDay, { companyId: row.id, date: row.date }, { key })) queued += 1;
  }
  return queued;
}
