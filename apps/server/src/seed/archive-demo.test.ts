import { ARCHIVE_KINDS, addDays, Role } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, uniqueSubdomain } from '../../test/helpers.js';
import { courses, users } from '../db/schema/index.js';
import { listArchive } from '../modules/archive/archive-list.js';
import { auditTable } from '../modules/audit/service.js';
import { companyTime } from '../modules/lessons/company-time.js';
import type { Actor } from '../platform/actor.js';
import { inCompany } from '../platform/tenancy.js';
import { seedArchiveDemo } from './archive-demo.js';
import { seedDemoAttendance } from './attendance-factories.js';
import { seedCoursesDemo } from './courses-demo.js';
import { createCompanyWithRoleUsers } from './factories.js';
import { seedGroupsDemo } from './groups-demo.js';
import { seedLeadsDemo } from './leads-demo.js';
import { seedDemoPayments } from './payments-demo.js';
import { seedUsersDemo } from './users-demo.js';

const database = await openTestDatabase();
const datas = { company_type: 'training_center', country: 'uz', locale: 'uz' } as const;

describe('seedArchiveDemo', () => {
  it('fills the archive with every kind and who archived it, and the audit with a month of work', async () => {
    const db = database.db;
    const company = await createCompanyWithRoleUsers(db, {
      name: 'Demo',
      subdomain: uniqueSubdomain('adem'),
      branches: ['A', 'B'],
      datas,
    });
    await seedCoursesDemo(db, company.id);
    const people = await seedUsersDemo(db, company, 120);
    const all = await inCompany(db, company.id, (tx) =>
      tx.select({ id: courses.id }).from(courses).where(eq(courses.companyId, company.id)),
    );
    await seedGroupsDemo(db, company, {
      courses: all.map((c) => c.id),
      teachers: [company.users.teacher.id, ...people.teacherIds],
      rooms: [],
      students: people.studentIds,
    });
    await seedDemoAttendance(db, company.id);
    await seedDemoPayments(db, company);
    await seedLeadsDemo(db, company, datas, []);
    await seedArchiveDemo(db, company, datas);

    const owner: Actor = {
      id: company.users.owner.id,
      companyId: company.id,
      sessionId: 'seed-test',
      name: 'Owner',
      roles: [Role.owner],
      branchIds: company.branchIds,
      allBranches: true,
    };
    await inCompany(db, company.id, async (tx) => {
      const kinds = new Set<string>();
      for (const branch of company.branchIds) {
        const list = await listArchive(tx, owner, { branch_id: branch, kind: 'all', page: 1, per_page: 100 });
        for (const row of list.data) {
          kinds.add(row.kind);
          expect(row.archived_by, `${row.kind} ${row.name}`).not.toBeNull();
        }
      }
      expect([...kinds].sort()).toEqual([...ARCHIVE_KINDS].sort());
      // The demo's log-in users are never archived.
      const loginUsers = Object.values(company.users).map((u) => u.id);
      const archived = await tx.select({ id: users.id, at: users.archivedAt }).from(users);
      expect(archived.filter((u) => loginUsers.includes(u.id) && u.at !== null)).toEqual([]);

      const { today } = await companyTime(tx, company.id, new Date());
      const [a] = company.branchIds as [number];
      const month = await auditTable(tx, owner, { branch_id: a, from: addDays(today, -30), till: today });
      expect(month.total.attendance_marked).toBeGreaterThan(100);
      expect(month.total.leads_handled).toBeGreaterThan(5);
      expect(month.total.students_added).toBeGreaterThan(0);
      expect(month.total.money?.payments).toBeGreaterThan(10);
    });
  }, 180_000);
});
