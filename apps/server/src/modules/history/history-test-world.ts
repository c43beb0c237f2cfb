import { HistoryEvent, Role } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createStudent, createTeacher } from '../../seed/users-factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The known log of the history tests, company "History Co" (Tashkent time, UZS), branches Main and North:
 *
 * | # | who            | what (event)                                   | about                    | branch |
 * |---|----------------|------------------------------------------------|--------------------------|--------|
 * | 1 | admin          | adds Sobirov Doniyor to PY-BAS-1 (31)          | group PY-BAS-1, student  | Main   |
 * | 2 | Aziza Nurova   | takes 450 000 cash from him for PY-BAS-1 (6)   | student Sobirov          | Main   |
 * | 3 | owner          | refunds 50 000 by card to Nodir North (8)      | student Nodir            | North  |
 * | 4 | admin          | adds lead Olim Lead (1)                        | lead                     | Main   |
 * | 5 | owner          | "Night group" created 2026-03-20 19:30 UTC (3) | group PY-BAS-1           | Main   |
 * | 6 | owner          | "Evening group" created 2026-03-20 18:30 UTC (3)| group PY-BAS-1          | Main   |
 *
 * Events 5 and 6 are written straight into the table with their instants: in Tashkent (UTC+5) #5 is on
 * 21 March (00:30), #6 on 20 March (23:30). Every log-in of the tests is a "signed in" event too (16).
 * Another company has its own payment that must never show.
 */
export async function createHistoryWorld(app: FastifyInstance, db: Db) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'History Co',
    subdomain: uniqueSubdomain('history'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Other Co',
    subdomain: uniqueSubdomain('history-other'),
    branches: ['Elsewhere'],
  });
  const aziza = await createStaff(db, company.id, {
    name: 'Aziza Nurova',
    phone: '950000001',
    roles: [Role.cashier],
    branchIds: [main],
    gender: 'f',
  });
  const teacher = await createTeacher(db, company.id, {
    name: 'Rustam Teacher',
    phone: '950000002',
    branchIds: [main, north],
  });
  const course = await createCourse(db, company.id, { name: 'Python', code: 'PY-BAS', price: 450_000 });
  const group = (name: string, branchId: number) =>
    createGroupRow(db, company.id, { branchId, courseId: course, teacherId: teacher, name, startDate: '2026-01-05' });
  const groups = { alpha: await group('PY-BAS-1', main), north: await group('PY-NORTH', north) };
  const students = {
    sobirov: await createStudent(db, company.id, { name: 'Sobirov Doniyor', phone: '950000011', branchIds: [main] }),
    nodir: await createStudent(db, company.id, { name: 'Nodir North', phone: '950000012', branchIds: [north] }),
  };

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, company.users.owner.phone),
    ceo: await loginAs(app, sub, company.users.ceo.phone),
    admin: await loginAs(app, sub, company.users.admin.phone),
    aziza: await loginAs(app, sub, '950000001'),
  };
  const api = (token: string, method: Method, url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });
  /** A write that must succeed: the log is only known if every step went through. */
  const must = async (token: string, method: Method, url: string, body?: unknown) => {
    const res = await api(token, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} failed: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  await must(tokens.admin, 'POST', `/group/${groups.alpha}/students`, { student_ids: [students.sobirov] });
  const today = new Date().toISOString().slice(0, 10);
  await must(tokens.aziza, 'POST', '/payment', {
    student_id: students.sobirov,
    group_id: groups.alpha,
    amount: 450_000,
    date: today,
    method: 'cash',
  });
  await must(tokens.owner, 'POST', '/refund', {
    student_id: students.nodir,
    amount: 50_000,
    date: today,
    method: 'card',
  });
  const lead = (await must(tokens.admin, 'POST', '/leadData', {
    branch_id: main,
    name: 'Olim Lead',
    phone: '950000021',
  })) as { id: number };

  const night = (title: string, createdAt: string) => ({
    companyId: company.id,
    type: HistoryEvent.groupCreated,
    entity: 'group',
    entityId: groups.alpha,
    branchId: main,
    actorId: company.users.owner.id,
    data: { title },
    createdAt: new Date(createdAt),
  });
  await inCompany(db, company.id, (tx) =>
    tx
      .insert(historyEvents)
      .values([night('Night group', '2026-03-20T19:30:00Z'), night('Evening group', '2026-03-20T18:30:00Z')]),
  );

  // The other company's own payment.
  const otherStudent = await createStudent(db, other.id, {
    name: 'Sobirov Doniyor',
    phone: '950000031',
    branchIds: [other.branchIds[0] as number],
  });
  const otherOwner = await loginAs(app, other.subdomain, other.users.owner.phone);
  const paidThere = await call(app, {
    method: 'POST',
    url: '/api/v1/payment',
    sub: other.subdomain,
    token: otherOwner,
    body: { student_id: otherStudent, amount: 999_000, date: today, method: 'cash' },
  });
  if (paidThere.status !== 200)
    throw new Error(`payment of the other company failed: ${JSON.stringify(paidThere.body)}`);

  return {
    company,
    other: { ...other, owner: otherOwner },
    branches: { main, north },
    aziza,
    groups,
    students,
    lead: lead.id,
    tokens,
    api,
    /** GET /company/{id}/history with a query string. */
    log: (query = '', token = tokens.owner) => api(token, 'GET', `/company/${company.id}/history${query}`),
  };
}
