import { GroupStatus } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { seedRemindersDemo } from '../../seed/reminders-demo.js';
import { createStudent } from '../../seed/users-factories.js';

const { app, database } = await openTestApp();

describe('seedRemindersDemo', () => {
  it('gives each branch done, overdue and coming tasks about students, leads and groups', async () => {
    const db = database.db;
    const company = await createCompanyWithRoleUsers(db, {
      name: 'Demo',
      subdomain: uniqueSubdomain('rdemo'),
      branches: ['A', 'B'],
      datas: { country: 'uz', locale: 'uz' },
    });
    const course = await createCourse(db, company.id, { name: 'English' });
    for (const [i, branchId] of company.branchIds.entries()) {
      await createStudent(db, company.id, { name: `Student ${i}`, phone: `97100000${i}`, branchIds: [branchId] });
      await insertLeads(db, company.id, [{ branchId, name: `Lead ${i}`, phone: `97200000${i}` }]);
      await createGroupRow(db, company.id, {
        branchId,
        courseId: course,
        teacherId: company.users.teacher.id,
        status: GroupStatus.active,
      });
    }
    await seedRemindersDemo(db, company, { country: 'uz', locale: 'uz' });

    const owner = await loginAs(app, company.subdomain, '900000008');
    const res = await call(app, {
      method: 'POST',
      url: '/api/v1/reminder/index',
      sub: company.subdomain,
      token: owner,
      body: { status: 'all' },
    });
    expect(res.status).toBe(200);
    const { done, overdue, today, future } = res.body;
    expect(done.meta.total).toBe(6);
    expect(done.data.every((task: { result_comment: string | null }) => task.result_comment)).toBe(true);
    // At least yesterday's; today's turn overdue as the day goes on.
    expect(overdue.meta.total).toBeGreaterThanOrEqual(2);
    expect(overdue.meta.total + today.meta.total + future.meta.total).toBe(14);
    expect(future.meta.total).toBeGreaterThanOrEqual(6);
    const all = [...done.data, ...overdue.data, ...today.data, ...future.data];
    expect(all.some((task: { student: unknown }) => task.student)).toBe(true);
    expect(all.some((task: { lead: unknown }) => task.lead)).toBe(true);
    // Unnamed groups go by their code.
    expect(all.some((task: { group: { name: string } | null }) => task.group?.name)).toBe(true);
    expect(all.every((task: { group: { name: string } | null }) => !task.group || task.group.name)).toBe(true);
    expect(all.some((task: { tags: unknown[] }) => task.tags.length)).toBe(true);

    // The log-in teacher has tasks of his own.
    const teacher = await loginAs(app, company.subdomain, '900000006');
    const his = await call(app, {
      method: 'POST',
      url: '/api/v1/reminder/index',
      sub: company.subdomain,
      token: teacher,
      body: { status: 'all' },
    });
    expect(his.body.done.meta.total + his.body.today.meta.total + his.body.overdue.meta.total).toBeGreaterThan(0);
  });
});
