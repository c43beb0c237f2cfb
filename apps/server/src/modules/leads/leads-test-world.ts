import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
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
  /** The company's leads of this name, as stored. */
  const leadsNamed = (name: string) =>
    inCompany(db, company.id, (tx) =>
      tx
        .select()
        .from(leads)
        .where(and(eq(leads.companyId, company.id), eq(leads.name, name))),
    );
  /**
   * A POST from the address `ip` — the connection's, and as a proxy names it (X-Forwarded-For), so the
   * per-address limits see it whether or not the app trusts a proxy.
   */
  const postFrom = async (ip: string, url: string, o: { body?: unknown; token?: string; host?: string } = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      remoteAddress: ip,
      headers: {
        host: o.host === undefined ? `${sub}.localhost` : o.host ? `${o.host}.localhost` : 'localhost',
        'x-forwarded-for': ip,
        ...(o.token === undefined ? {} : { authorization: `Bearer ${o.token}` }),
      },
      ...(o.body === undefined ? {} : { payload: o.body as object }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered
    const body: any = res.body ? JSON.parse(res.body) : undefined;
    return { status: res.statusCode, body };
  };
  return { company, main, north, sub, tokens, reason, api, lead, leadsNamed, postFrom };
}

export type LeadsWorld = Awaited<ReturnType<typeof createLeadsWorld>>;
