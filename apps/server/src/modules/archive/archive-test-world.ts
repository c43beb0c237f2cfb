import { GroupStatus, Role, StudentStatus } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { createArchiveReason, createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createLeadReasonRow } from '../../seed/leads-factories.js';
import { createStaff, createStudent, createTeacher } from '../../seed/users-factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The archive tests' company (phones 96…), everything archived through the API so the history knows who:
 *
 * | kind    | in Main                                                   | archived by |
 * |---------|-----------------------------------------------------------|-------------|
 * | student | Aziz Archived: left Alpha ("Moved away"), then archived    | admin       |
 * | teacher | Botir Teacher                                             | admin       |
 * | staff   | Sevara Cashier                                            | owner       |
 * | group   | Alpha (English), active before                            | admin       |
 * | lead    | Dono Lead, reason "Too expensive"                         | marketer    |
 *
 * North has an archived student of its own; the other company has an archived student too. A Main-only
 * administrator checks the branch scope.
 */
export async function createArchiveWorld(app: FastifyInstance, db: Db) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Archive Co',
    subdomain: uniqueSubdomain('archive'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Archive Other',
    subdomain: uniqueSubdomain('archive-other'),
    branches: ['Elsewhere'],
  });
  await createStudent(db, other.id, {
    name: 'Aziz Elsewhere',
    phone: '960000099',
    branchIds: other.branchIds,
    archived: true,
  });
  await createUser(db, company.id, { name: 'Main Admin', phone: '960000001', roles: [Role.admin], branchIds: [main] });
  const course = await createCourse(db, company.id, { name: 'English', price: 500_000 });
  const keeper = await createTeacher(db, company.id, { name: 'Kept Teacher', phone: '960000002', branchIds: [main] });
  const group = await createGroupRow(db, company.id, {
    branchId: main,
    courseId: course,
    teacherId: keeper,
    name: 'Alpha',
    startDate: '2026-01-10',
    status: GroupStatus.active,
  });
  const ids = {
    group,
    student: await createStudent(db, company.id, { name: 'Aziz Archived', phone: '960000011', branchIds: [main] }),
    teacher: await createTeacher(db, company.id, { name: 'Botir Teacher', phone: '960000012', branchIds: [main] }),
    staff: await createStaff(db, company.id, {
      name: 'Sevara Cashier',
      phone: '960000013',
      branchIds: [main],
      roles: [Role.cashier],
    }),
    northStudent: await createStudent(db, company.id, { name: 'Nodir North', phone: '960000014', branchIds: [north] }),
    lead: 0,
  };
  await addStudentToGroupRow(db, company.id, group, ids.student, {
    createdDate: '2026-01-10',
    status: StudentStatus.active,
  });
  const moved = await createArchiveReason(db, company.id, 'Moved away');
  const tooExpensive = await createLeadReasonRow(db, company.id, 'Too expensive');

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    admin: await loginAs(app, sub, '900000002'),
    mainAdmin: await loginAs(app, sub, '960000001'),
    director: await loginAs(app, sub, '900000009'),
    secondAdmin: await loginAs(app, sub, '900000011'),
    limitedAdmin: await loginAs(app, sub, '900000010'),
    cashier: await loginAs(app, sub, '900000004'),
    marketer: await loginAs(app, sub, '900000005'),
  };
  const api = (token: string, method: Method, url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });
  const must = async (token: string, method: Method, url: string, body?: unknown) => {
    const res = await api(token, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} failed: ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };

  await must(
    tokens.admin,
    'PUT',
    `/group/${group}/student/${ids.student}/${StudentStatus.archived}?reason_id=${moved}`,
  );
  await must(tokens.admin, 'DELETE', `/user/${ids.student}`);
  await must(tokens.admin, 'DELETE', `/user/${ids.teacher}`);
  await must(tokens.owner, 'DELETE', `/user/${ids.staff}`);
  await must(tokens.admin, 'DELETE', `/group/${group}`);
  await must(tokens.owner, 'DELETE', `/user/${ids.northStudent}`);
  const lead = await must(tokens.marketer, 'POST', '/leadData', {
    branch_id: main,
    name: 'Dono Lead',
    phone: '960000021',
  });
  await must(tokens.marketer, 'DELETE', `/leadData/${lead.id}?reason_id=${tooExpensive}`);
  ids.lead = lead.id;

  return { company, main, north, ids, users: company.users, tokens, api, must };
}

export type ArchiveWorld = Awaited<ReturnType<typeof createArchiveWorld>>;
