import { type CompanyDatas, localDate } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createRoomRow } from '../../seed/factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';

let phoneSeq = 0;
/** A phone no other fixture of this file uses (9 digits, 97…). */
export const nextPhone = () => `97${String(++phoneSeq).padStart(7, '0')}`;

/**
 * A company for the groups tests: two branches, every role, two courses, teachers
 * and rooms in each branch, and a few students. Built once per test that needs a
 * clean schedule, so no test's groups conflict with another's.
 */
export async function createGroupsWorld(app: FastifyInstance, db: Db, datas: Partial<CompanyDatas> = {}) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Groups Co',
    subdomain: uniqueSubdomain('groups'),
    branches: ['Main', 'North'],
    datas,
  });
  const [main, north] = company.branchIds as [number, number];
  const english = await createCourse(db, company.id, {
    name: 'English',
    code: 'ENG',
    price: 500_000,
    lessonDuration: 90,
    courseDurationMonths: 6,
  });
  const math = await createCourse(db, company.id, { name: 'Math', code: 'MATH', courseDurationMonths: null });
  const teacher = (name: string, branchIds: number[]) =>
    createTeacher(db, company.id, { name, phone: nextPhone(), branchIds });
  const teachers = {
    a: await teacher('Anvar Teacher', [main]),
    b: await teacher('Barno Teacher', [main]),
    north: await teacher('Nodir Teacher', [north]),
  };
  const rooms = {
    a: await createRoomRow(db, company.id, main, 'Room A', 12),
    b: await createRoomRow(db, company.id, main, 'Room B', 12),
    small: await createRoomRow(db, company.id, main, 'Small', 2),
    north: await createRoomRow(db, company.id, north, 'North hall', 20),
  };
  const students: number[] = [];
  for (const name of ['Aziz', 'Bekzod', 'Charos', 'Dilshod', 'Elyor']) {
    students.push(
      await createStudent(db, company.id, { name: `${name} Student`, phone: nextPhone(), branchIds: [main] }),
    );
  }
  const sub = company.subdomain;
  const tokens = {
    admin: await loginAs(app, sub, '900000002'),
    owner: await loginAs(app, sub, '900000008'),
    teacher: await loginAs(app, sub, '900000006'),
    student: await loginAs(app, sub, '900000007'),
    limitedAdmin: await loginAs(app, sub, '900000010'),
  };

  /** A valid POST /group body; overrides replace fields. */
  const groupBody = (overrides: Record<string, unknown> = {}) => ({
    branch_id: main,
    course_id: english,
    teacher_id: teachers.a,
    room_id: rooms.a,
    day_type: 'odd',
    start_time: '09:00',
    end_time: '10:30',
    start_date: localDate(),
    ...overrides,
  });

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });

  const createGroup = async (overrides: Record<string, unknown> = {}, token = tokens.admin) => {
    const res = await api(token, 'POST', '/group', groupBody(overrides));
    if (res.status !== 200) throw new Error(`group not created: ${JSON.stringify(res.body)}`);
    return res.body as { id: number; title: string; code: string };
  };

  return { company, main, north, english, math, teachers, rooms, students, tokens, sub, groupBody, api, createGroup };
}

export type GroupsWorld = Awaited<ReturnType<typeof createGroupsWorld>>;
