import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';

/** Tests of the catalogue modules (courses, holidays, tags, archive reasons): one company, its admin and owner. */
export async function openCatalogCompany(app: FastifyInstance, database: Database, prefix: string) {
  const company: CreatedCompany & { users: RoleUsers } = await createCompanyWithRoleUsers(database.db, {
    name: `${prefix} Co`,
    subdomain: uniqueSubdomain(prefix),
    branches: ['A'],
  });
  const admin = await loginAs(app, company.subdomain, '900000002');
  const owner = await loginAs(app, company.subdomain, '900000008');
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
    call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token, body });
  /** The history events of one row (the owner reads the company's history). */
  const historyOf = async (entity: string, id: number) => {
    const res = await api('GET', `/company/${company.id}/history?entity=${entity}&per_page=500`, undefined, owner);
    return (res.body.data as { type: number; entity_id: number; data: Record<string, unknown> }[]).filter(
      (e) => e.entity_id === id,
    );
  };
  const other = () =>
    createCompanyWithRoleUsers(database.db, { name: 'Other', subdomain: uniqueSubdomain('other'), branches: ['O'] });
  return { company, admin, owner, api, historyOf, other };
}

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(fileName: string, type: string, content: Buffer) {
  const boundary = '----crm-test-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs one file as multipart to an API path (`/file/?folder_id=…`) on the company's host. */
export async function postFile(
  app: FastifyInstance,
  to: { url: string; sub: string; token: string },
  fileName: string,
  type: string,
  content: Buffer,
) {
  const { payload, headers } = multipart(fileName, type, content);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1${to.url}`,
    headers: { host: `${to.sub}.localhost`, authorization: `Bearer ${to.token}`, ...headers },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A group of the course (the groups module owns groups; this is only a row for in-use checks). */
export async function insertGroupRow(
  database: Database,
  company: CreatedCompany & { users: RoleUsers },
  courseId: number,
) {
  return inCompany(database.db, company.id, async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({
        companyId: company.id,
        branchId: company.branchIds[0]!,
        courseId,
        teacherId: company.users.teacher.id,
        code: 'ENG-1',
        orderNumber: 1,
        dayType: 'odd',
        days: [1, 3, 5],
        startTime: '09:00',
        endTime: '10:30',
        startDate: '2026-01-10',
      })
      .returning({ id: groups.id });
    return group!.id;
  });
}
