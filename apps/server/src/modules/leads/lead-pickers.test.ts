import { GroupStatus, type LeadGroupOption, Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStaff, createTeacher } from '../../seed/users-factories.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsApiWorld;
let otherCompanyUsers: number[];

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
  const companyId = w.company.id;
  // A CEO in no branch's list still works every branch (spec §6); a former admin is no one's choice.
  await createStaff(database.db, companyId, {
    name: 'Zafar Ceo',
    phone: '900000091',
    branchIds: [],
    roles: [Role.ceo],
  });
  await createStaff(database.db, companyId, {
    name: 'Gone Admin',
    phone: '900000092',
    branchIds: [w.main],
    roles: [Role.admin],
    archived: true,
  });
  const other = await createCompanyWithRoleUsers(database.db, {
    name: 'Other Centre',
    subdomain: uniqueSubdomain('pickers'),
    branches: ['Elsewhere'],
  });
  otherCompanyUsers = Object.values(other.users).map((user) => user.id);
});

const staffOf = async (branch: number, token = w.tokens.marketer) =>
  (await w.api(token, 'GET', `/leads/staff?branch_id=${branch}`)).body.data as { id: number; name: string }[];

describe('GET /leads/staff: who can be responsible for a lead', () => {
  it("lists a marketer the branch's users who work with leads, by name; not cashiers, teachers or students", async () => {
    const main = await staffOf(w.main);
    expect(main.map((person) => person.name)).toEqual([
      'Bobur Karimov', // owner
      'Dilnoza Rashidova', // CEO
      'Jasur Toshmatov', // branch director
      'Malika Yusupova', // admin
      'Nodira Qodirova', // limited admin
      'Otabek Saidov', // marketer
      'Sardor Aliyev', // second admin
      'Zafar Ceo', // a CEO without branches
    ]);
    expect(main.find((person) => person.name === 'Otabek Saidov')?.id).toBe(w.company.users.marketer.id);
    expect(main.some((person) => otherCompanyUsers.includes(person.id))).toBe(false);
    const north = await staffOf(w.north, w.tokens.admin);
    expect(north.map((person) => person.name)).toContain('North Admin');
    expect(main.map((person) => person.name)).not.toContain('North Admin');
  });

  it('offers only people a lead accepts as its responsible', async () => {
    const [someone] = await staffOf(w.main);
    const card = await w.lead({ name: 'Assigned' });
    const res = await w.api(w.tokens.marketer, 'PUT', `/leadData/${card.id}`, { admin_id: someone?.id });
    expect(res.status).toBe(200);
    expect(res.body.admin).toEqual(someone);
  });

  it('refuses a teacher, a branch the caller does not work in, and a missing branch', async () => {
    expect((await w.api(w.tokens.teacher, 'GET', `/leads/staff?branch_id=${w.main}`)).status).toBe(403);
    const otherBranch = await w.api(w.tokens.northAdmin, 'GET', `/leads/staff?branch_id=${w.main}`);
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.error.code).toBe('branch_forbidden');
    const missing = await w.api(w.tokens.marketer, 'GET', '/leads/staff');
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('validation_failed');
  });
});

describe('GET /leads/groups: the groups a lead can join', () => {
  it("lists a marketer the branch's running groups with course and teacher, by title", async () => {
    const teacher = await createTeacher(database.db, w.company.id, {
      name: 'Picker Teacher',
      phone: '900000093',
      branchIds: [w.main, w.north],
    });
    const group = (branchId: number, name: string, status: number = GroupStatus.active) =>
      createGroupRow(database.db, w.company.id, { branchId, courseId: w.course, teacherId: teacher, name, status });
    const evening = await group(w.main, 'Evening English');
    const beginners = await group(w.main, 'Beginners', GroupStatus.selection);
    await group(w.main, 'Finished', GroupStatus.completed);
    await group(w.main, 'Archived', GroupStatus.archive);
    await group(w.north, 'North English');
    const res = await w.api(w.tokens.marketer, 'GET', `/leads/groups?branch_id=${w.main}`);
    expect(res.status).toBe(200);
    expect(res.body.data as LeadGroupOption[]).toEqual([
      { id: beginners, title: 'Beginners', course: 'English', teacher: 'Picker Teacher' },
      { id: evening, title: 'Evening English', course: 'English', teacher: 'Picker Teacher' },
    ]);
  });

  it('refuses a teacher and a branch the caller does not work in', async () => {
    expect((await w.api(w.tokens.teacher, 'GET', `/leads/groups?branch_id=${w.main}`)).status).toBe(403);
    const otherBranch = await w.api(w.tokens.northAdmin, 'GET', `/leads/groups?branch_id=${w.main}`);
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.error.code).toBe('branch_forbidden');
  });
});
