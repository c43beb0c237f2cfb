import { GroupStatus, RUNNING_GROUP_STATUSES, StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, uniqueSubdomain } from '../../test/helpers.js';
import { groupStudents, groups } from '../db/schema/index.js';
import { findScheduleConflicts } from '../modules/groups/schedule-conflicts.js';
import { inCompany } from '../platform/tenancy.js';
import { createArchiveReason, createCourse } from './courses-factories.js';
import { createCompanyWithRoleUsers, createRoomRow } from './factories.js';
import { seedGroupsDemo } from './groups-demo.js';
import { createStudent, createTeacher } from './users-factories.js';

const database = await openTestDatabase();

describe('seedGroupsDemo', () => {
  it('builds about 30 groups in both branches without a schedule conflict, with students in them', async () => {
    const db = database.db;
    const company = await createCompanyWithRoleUsers(db, {
      name: 'Demo',
      subdomain: uniqueSubdomain('gdemo'),
      branches: ['A', 'B'],
    });
    const [a, b] = company.branchIds as [number, number];
    const courses = [
      await createCourse(db, company.id, { name: 'English', code: 'ENG' }),
      await createCourse(db, company.id, { name: 'Math', code: 'MATH', courseDurationMonths: 9 }),
      await createCourse(db, company.id, { name: 'Python', code: 'PY', courseDurationMonths: null }),
    ];
    await createArchiveReason(db, company.id, 'Moved away');
    const teachers = [];
    for (let i = 0; i < 8; i++)
      teachers.push(
        await createTeacher(db, company.id, { name: `T${i}`, phone: `96100000${i}`, branchIds: [i < 4 ? a : b] }),
      );
    const rooms = [];
    for (const branch of [a, b])
      for (const [name, capacity] of [
        ['101', 14],
        ['102', 10],
        ['Lab', 20],
      ] as const)
        rooms.push(await createRoomRow(db, company.id, branch, name, capacity));
    const students = [];
    for (let i = 0; i < 80; i++)
      students.push({
        id: await createStudent(db, company.id, {
          name: `S${i}`,
          phone: `9620000${String(i).padStart(2, '0')}`,
          branchIds: [i % 2 ? a : b],
        }),
      });

    const created = await seedGroupsDemo(db, company, { courses, teachers, rooms, students });
    expect(created.length).toBeGreaterThanOrEqual(28);

    await inCompany(db, company.id, async (tx) => {
      const rows = await tx.select().from(groups).where(eq(groups.companyId, company.id));
      expect(new Set(rows.map((g) => g.branchId))).toEqual(new Set([a, b]));
      expect(new Set(rows.map((g) => g.status))).toEqual(new Set(Object.values(GroupStatus)));
      for (const g of rows.filter((row) => (RUNNING_GROUP_STATUSES as readonly number[]).includes(row.status))) {
        const conflicts = await findScheduleConflicts(tx, company.id, {
          excludeGroupId: g.id,
          roomId: g.roomId,
          teacherId: g.teacherId,
          weekdays: g.days,
          startTime: g.startTime.slice(0, 5),
          endTime: g.endTime.slice(0, 5),
          dateFrom: g.startDate,
          dateTo: g.endDate,
        });
        expect(conflicts, `group ${g.id}`).toEqual([]);
      }
      const places = await tx
        .select()
        .from(groupStudents)
        .where(and(eq(groupStudents.companyId, company.id)));
      expect(places.length).toBeGreaterThan(150);
      const statuses = new Set(places.map((p) => p.status));
      for (const status of Object.values(StudentStatus)) expect(statuses, `status ${status}`).toContain(status);
      const archived = places.filter((p) => p.status === StudentStatus.archived);
      expect(archived.every((p) => p.leftDate && p.archiveReasonId)).toBe(true);
    });
  });
});
