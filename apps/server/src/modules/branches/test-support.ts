import { HistoryEvent, type HistoryEventName } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';

/** Tests of the branch administration: a company of these branches, a caller per role, its history by event. */
export async function openBranchCompany(app: FastifyInstance, database: Database, branches: string[]) {
  const company: CreatedCompany & { users: RoleUsers } = await createCompanyWithRoleUsers(database.db, {
    name: 'Branches Co',
    subdomain: uniqueSubdomain('branches'),
    branches,
  });
  const login = (phone: string) => loginAs(app, company.subdomain, phone);
  const tokens = {
    owner: await login('900000008'),
    ceo: await login('900000001'),
    director: await login('900000009'),
    admin: await login('900000002'),
  };
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = tokens.owner) =>
    call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token, body });
  /** The events of one type, oldest first (the owner reads the company's history). */
  const events = async (event: HistoryEventName, query = '') => {
    const res = await api('GET', `/company/${company.id}/history?type=${HistoryEvent[event]}&per_page=500${query}`);
    return (
      res.body.data as { entity_id: number; branch_id: number | null; data: Record<string, unknown> }[]
    ).reverse();
  };
  return { company, tokens, api, events };
}
