import { Role } from '@crm/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { createTeacher } from '../../seed/users-factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A company for the tests of the remaining reports: branches Main and North, a user of every role in both, an
 * administrator of North only, two teachers, the courses English (600 000; level B1) and Math (450 000), and
 * another company with its own branch. Each test file puts its own known data on it.
 */
export async function createRemainingReportsWorld(app: FastifyInstance, db: Db, prefix: string) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Reports Centre',
    subdomain: uniqueSubdomain(prefix),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Other Centre',
    subdomain: uniqueSubdomain(`${prefix}-other`),
    branches: ['Elsewhere'],
  });
  await createUser(db, company.id, {
    name: 'North Admin',
    phone: '930000001',
    roles: [Role.admin],
    branchIds: [north],
  });
  const teachers = {
    anvar: await createTeacher(db, company.id, { name: 'Anvar Teacher', phone: '930000002', branchIds: [main, north] }),
    botir: await createTeacher(db, company.id, { name: 'Botir Teacher', phone: '930000003', branchIds: [main] }),
  };
  const english = await createCourse(db, company.id, { name: 'English', price: 600_000 });
  const courses = {
    english,
    b1: await createCourse(db, company.id, { name: 'B1', parentId: english, price: 600_000 }),
    math: await createCourse(db, company.id, { name: 'Math', price: 450_000 }),
  };
  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    admin: await loginAs(app, sub, '900000002'),
    director: await loginAs(app, sub, '900000009'),
    limitedAdmin: await loginAs(app, sub, '900000010'),
    cashier: await loginAs(app, sub, '900000004'),
    marketer: await loginAs(app, sub, '900000005'),
    teacher: await loginAs(app, sub, '900000006'),
    northAdmin: await loginAs(app, sub, '930000001'),
    otherOwner: await loginAs(app, other.subdomain, '900000008'),
  };
  const api = (token: string, method: Method, url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub: token === tokens.otherOwner ? other.subdomain : sub, token, body });
  const get = (url: string, token = tokens.owner) => api(token, 'GET', url);
  /** A write that must succeed: the data set is only known if every write went through. */
  const write = async (token: string, method: Method, url: string, body?: unknown) => {
    const res = await api(token, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} failed: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** An Excel answer, read as a workbook. */
  const download = async (url: string, token = tokens.owner) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { host: `${sub}.localhost`, authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { status: res.statusCode, headers: res.headers, workbook };
  };
  return {
    company,
    main,
    north,
    other,
    otherBranch: other.branchIds[0] as number,
    teachers,
    courses,
    tokens,
    api,
    get,
    write,
    download,
  };
}

export type RemainingReportsWorld = Awaited<ReturnType<typeof createRemainingReportsWorld>>;

/** `?a=1&b=2` of the defined values. */
export const queryOf = (query: Record<string, string | number | undefined>) =>
  `?${new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  )}`;
