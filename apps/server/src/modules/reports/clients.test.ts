import { StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { branches, groupStudents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { createLeadSourceRow, insertLeads } from '../../seed/leads-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { createFinanceReportsWorld, type FinanceReportsWorld } from '../finance-reports/finance-reports-test-world.js';
import { queryOf } from './remaining-reports-test-world.js';

const { app, database } = await openTestApp();
let w: FinanceReportsWorld;

/**
 * The finance reports' known book (finance-reports-test-world.ts), whose balances are:
 * Aziz One −500 000 (last payment 500 000 on 2 Mar; a refund is no payment), Bekzod Two −550 000 (200 000 on
 * 15 Mar), Charos Three 0 (400 000 on 20 Mar; the 999 000 of 5 Mar was cancelled), Dilshod Four +100 000 (no
 * group; 100 000 on 31 Mar, and a later 70 000 cancelled here), Nodir North +200 000 (North), and the
 * company's student log-in Ali Valiyev (no group, no money).
 * Added here: Bekzod frozen in Geometry (still paying in Alpha: active), Erkin Left who only left Beta, Farrux
 * Archived (an archived user), Aziz's lead from Instagram with his phone, and a student of the other company.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createFinanceReportsWorld(app, db);
  const c = w.company.id;
  await inCompany(db, c, (tx) =>
    tx
      .update(groupStudents)
      .set({ status: StudentStatus.frozen })
      .where(
        and(
          eq(groupStudents.companyId, c),
          eq(groupStudents.groupId, w.groups.geometry),
          eq(groupStudents.studentId, w.s.s2),
        ),
      ),
  );
  const erkin = await createStudent(db, c, { name: 'Erkin Left', phone: '940000016', branchIds: [w.main] });
  await addStudentToGroupRow(db, c, w.groups.beta, erkin, {
    createdDate: '2026-02-01',
    status: StudentStatus.archived,
    leftDate: '2026-03-01',
  });
  await createStudent(db, c, { name: 'Farrux Archived', phone: '940000017', branchIds: [w.main], archived: true });
  const instagram = await createLeadSourceRow(db, c, 'Instagram');
  await insertLeads(db, c, [{ branchId: w.main, name: 'Aziz', phone: '940000011', sourceId: instagram }]);
  const dilshodPays = await w.api(w.tokens.owner, 'POST', '/payment', {
    student_id: w.s.s4,
    group_id: null,
    amount: 70_000,
    method: 'cash',
    date: '2026-04-02',
  });
  await w.api(w.tokens.owner, 'DELETE', `/payment/${dilshodPays.body.id}?reason=Mistake`);
  const [foreign] = await db
    .select({ companyId: branches.companyId })
    .from(branches)
    .where(eq(branches.id, w.foreignBranch));
  await createStudent(db, foreign!.companyId, {
    name: 'Alien Other',
    phone: '940000018',
    branchIds: [w.foreignBranch],
  });
});

const clients = (query: Record<string, string | number | undefined> = {}, token = w.tokens.owner) =>
  w.api(token, 'GET', `/reports/clients${queryOf(query)}`);
const names = (body: { data: { student: { name: string } }[] }) => body.data.map((row) => row.student.name);

describe('GET /reports/clients', () => {
  it('lists every client by name with balance, groups, status, source and last payment', async () => {
    const res = await clients();
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([
      'Ali Valiyev',
      'Aziz One',
      'Bekzod Two',
      'Charos Three',
      'Dilshod Four',
      'Erkin Left',
      'Nodir North',
    ]);
    const [ali, aziz, bekzod, charos, dilshod, erkin, nodir] = res.body.data;
    // The company's own student log-in (9000000 07): in no group, no money.
    expect(ali).toMatchObject({ balance: 0, status: 'no_group', groups: [], source: null, last_payment: null });
    expect(aziz).toMatchObject({
      balance: -500_000,
      status: 'active',
      groups: [{ id: w.groups.alpha, title: 'Alpha', status: StudentStatus.active }],
      source: { name: 'Instagram' },
      last_payment: { date: '2026-03-02', amount: 500_000 },
    });
    expect(bekzod).toMatchObject({
      balance: -550_000,
      status: 'active',
      source: null,
      last_payment: { date: '2026-03-15', amount: 200_000 },
    });
    expect(bekzod.groups.map((g: { title: string; status: number }) => [g.title, g.status]).sort()).toEqual([
      ['Alpha', StudentStatus.active],
      ['Geometry', StudentStatus.frozen],
    ]);
    expect(charos).toMatchObject({
      balance: 0,
      status: 'active',
      last_payment: { date: '2026-03-20', amount: 400_000 },
    });
    expect(dilshod).toMatchObject({
      balance: 100_000,
      status: 'no_group',
      groups: [],
      last_payment: { date: '2026-03-31', amount: 100_000 },
    });
    expect(erkin).toMatchObject({ balance: 0, status: 'left', groups: [], last_payment: null });
    expect(nodir).toMatchObject({ balance: 200_000, status: 'active' });
    expect(res.body.totals).toEqual({ clients: 7, debtors: 2, debt: -1_050_000 });
    expect(res.body.policies).toEqual({ export: true });
  });

  it('filters by branch, status, debt, group, course with its levels, and name or phone', async () => {
    expect(names((await clients({ branch_id: w.main })).body)).not.toContain('Nodir North');
    const debtors = await clients({ debt: 1 });
    expect(names(debtors.body)).toEqual(['Aziz One', 'Bekzod Two']);
    expect(debtors.body.totals).toEqual({ clients: 2, debtors: 2, debt: -1_050_000 });
    expect(names((await clients({ status: 'left' })).body)).toEqual(['Erkin Left']);
    expect(names((await clients({ status: 'no_group' })).body)).toEqual(['Ali Valiyev', 'Dilshod Four']);
    expect(names((await clients({ status: 'archived' })).body)).toEqual(['Farrux Archived']);
    expect(names((await clients({ status: 'frozen' })).body)).toEqual([]);
    expect(names((await clients({ group_id: w.groups.geometry })).body)).toEqual(['Bekzod Two']);
    // English has the level B1 (Beta); Erkin left Beta, so he is in none of them now.
    expect(names((await clients({ course_id: w.english, branch_id: w.main })).body)).toEqual([
      'Aziz One',
      'Bekzod Two',
      'Charos Three',
    ]);
    expect(names((await clients({ search: 'bek' })).body)).toEqual(['Bekzod Two']);
    expect(names((await clients({ search: '0000013' })).body)).toEqual(['Charos Three']);
  });

  it('pages the list and keeps the totals of the whole filter', async () => {
    const second = await clients({ per_page: 2, page: 2 });
    expect(names(second.body)).toEqual(['Bekzod Two', 'Charos Three']);
    expect(second.body.pagination).toMatchObject({ total: 7, current_page: 2, total_pages: 4, count: 2 });
    expect(second.body.totals.clients).toBe(7);
  });

  it("keeps to the caller's branches, never shows another company's and refuses roles outside the area", async () => {
    const other = await clients({ branch_id: w.foreignBranch });
    expect(other.status).toBe(403);
    for (const token of [w.tokens.cashier, w.tokens.teacher, w.tokens.marketer]) {
      expect((await clients({}, token)).status).toBe(403);
    }
    expect((await clients({}, w.tokens.admin)).status).toBe(200);
  });

  it('downloads the filter as Excel with the balance total', async () => {
    const file = await w.download('/reports/clients/export?debt=1&lang=ru', w.tokens.owner);
    expect(file.status).toBe(200);
    const sheet = file.workbook.worksheets[0]!;
    expect(sheet.name).toBe('Клиенты');
    expect(sheet.getRow(1).getCell(1).value).toBe('Студент');
    expect(sheet.getRow(1).getCell(3).value).toBe('Баланс (UZS)');
    expect(sheet.getRow(2).getCell(1).value).toBe('Aziz One');
    expect(sheet.getRow(2).getCell(3).value).toBe(-500_000);
    expect(sheet.getRow(3).getCell(4).value).toBe('Активный');
    expect(sheet.getRow(4).getCell(1).value).toBe('Итого');
    expect(sheet.getRow(4).getCell(3).value).toBe(-1_050_000);
    expect((await w.download('/reports/clients/export', w.tokens.cashier)).status).toBe(403);
  });
});
