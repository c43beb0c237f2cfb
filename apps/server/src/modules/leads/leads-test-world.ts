import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createLeadReasonRow, insertLeads, type LeadSpec } from '../../seed/leads-factories.js';

let phone = 950_000_000;
/** A phone no other lead of this file has. */
export const nextLeadPhone = () => String(phone++);

/**
 * A company for the leads tests: two branches, every role, a deletion reason, and `lead()` to put
 * cards on a board.
 */
export async function createLeadsWorld(app: FastifyInstance, db: Db) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Leads Centre',
    subdomain: uniqueSubdomain('leads'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const sub = company.subdomain;
  const tokens = {
    admin: await loginAs(app, sub, '900000002'),
    marketer: await loginAs(app, sub, '900000005'),
    teacher: await loginAs(app, sub, '900000006'),
    owner: await loginAs(app, sub, '900000008'),
  };
  const reason = await createLeadReasonRow(db, company.id, 'Too expensive');
  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });
  const lead = async (spec: Partial<LeadSpec> = {}) => {
    const [made] = await insertLeads(db, company.id, [
      { branchId: main, name: 'Lead', phone: nextLeadPhone(), ...spec },
    ]);
    if (!made) throw new Error('no lead made');
    return made;
  };
  return { company, main, north, sub, tokens, reason, api, lead };
}

export type LeadsWorld = Awaited<ReturnType<typeof createLeadsWorld>>;
