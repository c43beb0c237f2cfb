import { addDays, localDate, type StudentsActivity, type TeacherPerformance } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../test/helpers.js';
import { createArchiveReason, createCourse } from './courses-factories.js';
import { createCompanyWithRoleUsers, createRoomRow } from './factories.js';
import { seedGroupsDemo } from './groups-demo.js';
import { seedPerformanceDemo } from './performance-demo.js';
import { createStudent, createTeacher } from './users-factories.js';

const { app, database } = await openTestApp();

describe('seedPerformanceDemo', () => {
  it('gives the performance pages departures with several reasons over the months, and real trial conversions', async () => {
    const db = database.db;
    const company = await createCompanyWithRoleUsers(db, {
      name: 'Perf demo',
      subdomain: uniqueSubdomain('pdemo'),
      branches: ['A', 'B'],
    });
    const [a, b] = company.branchIds as [number, number];
    const courses = [
      await createCourse(db, company.id, { name: 'English', code: 'ENG' }),
      await createCourse(db, company.id, { name: 'Math', code: 'MATH', courseDurationMonths: 12 }),
    ];
    for (const reason of ['Moved away', 'Too expensive', 'Schedule', 'Finished the course'])
      await createArchiveReason(db, company.id, reason);
    const teachers = [];
    for (let i = 0; i < 6; i++)
      teachers.push(
        await createTeacher(db, company.id, { name: `T${i}`, phone: `96300000${i}`, branchIds: [i < 3 ? a : b] }),
      );
    const rooms = [];
    for (const branch of [a, b])
      for (const [name, capacity] of [
        ['101', 14],
        ['102', 12],
      ] as const)
        rooms.push(await createRoomRow(db, company.id, branch, name, capacity));
    const students = [];
    for (let i = 0; i < 90; i++)
      students.push(
        await createStudent(db, company.id, {
          name: `S${i}`,
          phone: `9640000${String(i).padStart(2, '0')}`,
          branchIds: [i % 2 ? a : b],
        }),
      );
    await seedGroupsDemo(db, company, { courses, teachers, rooms, students });
    await seedPerformanceDemo(db, company);

    const token = await loginAs(app, company.subdomain, company.users.owner.phone);
    const today = localDate();
    const period = `branch_id=${a}&from=${addDays(today, -180)}&till=${today}`;
    const get = async <T>(url: string) => {
      const res = await call(app, { url: `/api/v1${url}`, sub: company.subdomain, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as T;
    };

    const { total } = await get<TeacherPerformance>(`/performance/teachers?${period}`);
    expect(total.left).toBeGreaterThanOrEqual(6);
    expect(total.left_reasons.filter((r) => r.reason !== null).length).toBeGreaterThanOrEqual(3);
    expect(total.retention).toBeLessThan(100);
    expect(total.conversion.trials).toBeGreaterThan(0);
    expect(total.conversion.converted).toBeGreaterThan(0);

    // Departures fall in several months, not only in the last weeks.
    const activity = await get<StudentsActivity>(`/reports/students/activity?${period}`);
    expect(activity.months.filter((m) => m.left > 0).length).toBeGreaterThanOrEqual(3);
  });
});
