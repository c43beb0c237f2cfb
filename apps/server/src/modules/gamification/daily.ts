import { companyTimeZone, zonedDateTime } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { activeCompanies } from '../../platform/jobs/companies.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { inCompany } from '../../platform/tenancy.js';
import { coinsOfTheDay } from './coin-rules.js';

/**
 * The daily coin rules (birthdays, a month without absence). The dispatch (every 30 minutes) queues each
 * gamified company's current day once — the job's key is company and day, so however many processes run
 * the dispatch, one job exists — and the day's awards are booked by their causes, so a retried or repeated
 * job gives nothing twice. `only`: the companies of one test.
 */
export async function dispatchCoinDays(app: FastifyInstance, only?: readonly number[]): Promise<number> {
  const at = app.clock();
  let queued = 0;
  for (const company of await activeCompanies(app.database.background, only)) {
    if (!company.datas.gamification) continue;
    const { date } = zonedDateTime(at, companyTimeZone(company.datas));
    const key = `${company.id}:${date}`;
    if (await app.jobs.send(JOBS.gamificationCompanyDay, { companyId: company.id, date }, { key })) queued += 1;
  }
  return queued;
}

export function coinsOfTheDayFor(app: FastifyInstance, companyId: number, date: string): Promise<number> {
  return inCompany(app.database.background, companyId, (tx) => coinsOfTheDay(tx, companyId, date));
}
