import { HistoryEvent, type HistoryEventName, Role } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createStaff, createStudent } from '../../seed/users-factories.js';

/**
 * Tests of the offer: a company of two branches with one user of every role in both (the student Ali Valiyev
 * among them), an administrator of Main only, and a student of North only.
 */
export async function openOfferWorld(app: FastifyInstance, database: Database) {
  const company = await createCompanyWithRoleUsers(database.db, {
    name: 'Offer Co',
    subdomain: uniqueSubdomain('offer'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const mainAdmin = await createStaff(database.db, company.id, {
    name: 'Main Admin',
    phone: '901111111',
    branchIds: [main],
    roles: [Role.admin],
  });
  const northStudent = await createStudent(database.db, company.id, {
    name: 'Nodir North',
    phone: '901111112',
    branchIds: [north],
  });
  const login = (phone: string) => loginAs(app, company.subdomain, phone);
  const tokens = {
    owner: await login('900000008'),
    director: await login('900000009'),
    admin: await login('900000002'),
    teacher: await login('900000006'),
    student: await login('900000007'),
    mainAdmin: await login('901111111'),
  };
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token, body });
  const publish = (texts: Record<string, string>, token = tokens.director) => api('POST', '/offer', token, { texts });
  const accept = (userId: number, version: number, token: string, language = 'uz') =>
    api('PUT', `/user/${userId}/offer`, token, { version, language });
  /** The events of one type, oldest first (the owner reads the company's history). */
  const events = async (event: HistoryEventName) => {
    const res = await api(
      'GET',
      `/company/${company.id}/history?type=${HistoryEvent[event]}&per_page=500`,
      tokens.owner,
    );
    return (
      res.body.data as { entity: string; entity_id: number; branch_id: number | null; data: Record<string, unknown> }[]
    ).reverse();
  };
  /** offer_signed of each student of the list, by name. */
  const listed = async (token = tokens.owner) => {
    const res = await api('GET', '/user?user_type=student&per_page=100', token);
    return Object.fromEntries(
      (res.body.data as { name: string; offer_signed?: boolean | null }[]).map((s) => [s.name, s.offer_signed]),
    );
  };
  return {
    company,
    student: company.users.student.id,
    northStudent,
    mainAdmin,
    tokens,
    api,
    publish,
    accept,
    events,
    listed,
  };
}
