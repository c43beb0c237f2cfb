import { HistoryEvent, historySentence, StudentStatus } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, uniqueSubdomain } from '../../test/helpers.js';
import { bookEntry } from '../modules/finance/ledger.js';
import { listHistoryPage } from '../platform/history.js';
import { inCompany } from '../platform/tenancy.js';
import { createCourse } from './courses-factories.js';
import { createCompanyWithRoleUsers } from './factories.js';
import { addStudentToGroupRow, createGroupRow } from './groups-factories.js';
import { seedHistoryDemo } from './history-demo.js';
import { createStudent, createTeacher } from './users-factories.js';

const database = await openTestDatabase();

describe('seedHistoryDemo', () => {
  it('logs the demo’s payments and group places as the services would, and the staff signing in', async () => {
    const db = database.db;
    const company = await createCompanyWithRoleUsers(db, {
      name: 'Demo',
      subdomain: uniqueSubdomain('hdemo'),
      branches: ['Chilonzor'],
    });
    const branchId = company.branchIds[0] as number;
    const course = await createCourse(db, company.id, { name: 'Python', code: 'PY-BAS', price: 450_000 });
    const teacher = await createTeacher(db, company.id, { name: 'Teacher', phone: '960000001', branchIds: [branchId] });
    const group = await createGroupRow(db, company.id, {
      branchId,
      courseId: course,
      teacherId: teacher,
      name: 'PY-BAS-1',
    });
    const student = await createStudent(db, company.id, {
      name: 'Sobirov Doniyor',
      phone: '960000002',
      branchIds: [branchId],
    });
    await addStudentToGroupRow(db, company.id, group, student, {
      createdDate: '2026-03-02',
      status: StudentStatus.active,
    });
    await inCompany(db, company.id, (tx) =>
      bookEntry(
        tx,
        { id: company.users.cashier.id, companyId: company.id },
        {
          kind: 'payment',
          amount: 450_000,
          date: '2026-03-03',
          branchId,
          studentId: student,
          groupId: group,
          method: 'cash',
          cause: 'payment',
        },
      ),
    );

    await seedHistoryDemo(db, company);

    const page = await inCompany(db, company.id, (tx) =>
      listHistoryPage(tx, company.id, [], { page: 1, per_page: 100 }),
    );
    const of = (type: number) => page.data.filter((item) => item.type === type);
    const words = { language: 'en', currency: 'UZS' } as const;
    expect(of(HistoryEvent.balanceTopUp).map((item) => historySentence(item, words))).toEqual([
      'Aziza Nurmatova took a payment of 450\u202f000\u00a0UZS from Sobirov Doniyor for PY-BAS-1 (cash)',
    ]);
    expect(of(HistoryEvent.studentAddedToGroup).map((item) => historySentence(item, words))).toEqual([
      'Malika Yusupova added Sobirov Doniyor to group PY-BAS-1',
    ]);
    expect(of(HistoryEvent.balanceTopUp)[0]?.created_at).toBe('2026-03-03T05:00:00.000Z');
    // Owner, administrator and cashier on each of the last five days (today's only once its hour has come).
    expect(of(HistoryEvent.userLoggedIn).length).toBeGreaterThanOrEqual(12);
    expect(of(HistoryEvent.userLoggedIn).length).toBeLessThanOrEqual(15);
  });
});
