import { Role, StudentStatus } from '@crm/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';
import { bookEntry, type NewEntry } from '../finance/ledger.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The known book of the finance-report tests. Main branch, March 2026 unless said:
 *
 * | student | group (course)        | payments                                   | charges                        |
 * |---------|-----------------------|--------------------------------------------|--------------------------------|
 * | s1      | Alpha (English)       | 250 000 cash 10 Feb, 500 000 cash 2 Mar;   | 600 000 1 Feb, 600 000 1 Mar   |
 * |         |                       | refund 50 000 cash 25 Mar                  |                                |
 * | s2      | Alpha, Geometry (Math)| 300 000 card 2 Mar (Alpha), 200 000 cash   | 600 000 Alpha, 450 000 Geometry|
 * |         |                       | 15 Mar (Geometry)                          | (1 Mar)                        |
 * | s3      | Beta (English · B1)   | 400 000 transfer 20 Mar; 999 000 cash 5 Mar| 600 000 1 Mar reversed, booked |
 * |         |                       | cancelled                                  | again as 400 000               |
 * | s4      | none                  | 100 000 cash 31 Mar (general balance)      | —                              |
 *
 * Expenses: rent 2 000 000 cash 5 Mar, marketing 300 000 card 10 Mar, 100 000 in February and a
 * deleted 999 000. A salary of 1 000 000 on 31 Mar. The North branch has a student with a
 * payment and a charge that must never show in Main.
 */
export async function createFinanceReportsWorld(app: FastifyInstance, db: Db) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Reports Co',
    subdomain: uniqueSubdomain('fin-reports'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Other Co',
    subdomain: uniqueSubdomain('fin-other'),
    branches: ['Elsewhere'],
  });
  await createUser(db, company.id, {
    name: 'Main Cashier',
    phone: '940000001',
    roles: [Role.cashier],
    branchIds: [main],
  });
  const teacher = await createTeacher(db, company.id, {
    name: 'Report Teacher',
    phone: '940000002',
    branchIds: [main, north],
  });
  const english = await createCourse(db, company.id, { name: 'English', price: 600_000 });
  const b1 = await createCourse(db, company.id, { name: 'B1', parentId: english, price: 600_000 });
  const math = await createCourse(db, company.id, { name: 'Math', price: 450_000 });
  const group = (name: string, courseId: number, branchId = main) =>
    createGroupRow(db, company.id, { branchId, courseId, teacherId: teacher, name, startDate: '2026-02-01' });
  const groups = {
    alpha: await group('Alpha', english),
    beta: await group('Beta', b1),
    geometry: await group('Geometry', math),
    north: await group('Northern', english, north),
  };
  const student = (name: string, phone: string, branchId = main) =>
    createStudent(db, company.id, { name, phone, branchIds: [branchId] });
  const s = {
    s1: await student('Aziz One', '940000011'),
    s2: await student('Bekzod Two', '940000012'),
    s3: await student('Charos Three', '940000013'),
    s4: await student('Dilshod Four', '940000014'),
    north: await student('Nodir North', '940000015', north),
  };
  const place = (groupId: number, studentId: number, createdDate: string) =>
    addStudentToGroupRow(db, company.id, groupId, studentId, { createdDate, status: StudentStatus.active });
  await place(groups.alpha, s.s1, '2026-02-01');
  await place(groups.alpha, s.s2, '2026-03-01');
  await place(groups.geometry, s.s2, '2026-03-01');
  await place(groups.beta, s.s3, '2026-03-01');
  await place(groups.north, s.north, '2026-03-01');

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    cashier: await loginAs(app, sub, '900000004'),
    mainCashier: await loginAs(app, sub, '940000001'),
    admin: await loginAs(app, sub, '900000002'),
    teacher: await loginAs(app, sub, '900000006'),
    marketer: await loginAs(app, sub, '900000005'),
  };
  const api = (token: string, method: Method, url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });
  /** A write as the owner that must succeed: the book is only known if every booking went through. */
  const write = async (method: Method, url: string, body?: Record<string, unknown>) => {
    const res = await api(tokens.owner, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} failed: ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  const post = (url: string, body: Record<string, unknown>) => write('POST', url, body);
  const pay = (student_id: number, group_id: number | null, amount: number, method: string, date: string) =>
    post('/payment', { student_id, group_id, amount, method, date });
  const owner = { id: company.users.owner.id, companyId: company.id };
  const book = (entry: NewEntry) => inCompany(db, company.id, (tx) => bookEntry(tx, owner, entry));
  const charge = (studentId: number, groupId: number, amount: number, date: string, branchId = main) =>
    book({ kind: 'charge', amount: -amount, date, branchId, studentId, groupId, cause: 'billing' });

  await pay(s.s1, groups.alpha, 250_000, 'cash', '2026-02-10');
  await pay(s.s1, groups.alpha, 500_000, 'cash', '2026-03-02');
  await pay(s.s2, groups.alpha, 300_000, 'card', '2026-03-02');
  await pay(s.s2, groups.geometry, 200_000, 'cash', '2026-03-15');
  await pay(s.s3, groups.beta, 400_000, 'transfer', '2026-03-20');
  await pay(s.s4, null, 100_000, 'cash', '2026-03-31');
  const cancelled = await pay(s.s3, groups.beta, 999_000, 'cash', '2026-03-05');
  await write('DELETE', `/payment/${cancelled.id}?reason=Wrong%20student`);
  await post('/refund', {
    student_id: s.s1,
    group_id: groups.alpha,
    amount: 50_000,
    method: 'cash',
    date: '2026-03-25',
  });
  await pay(s.north, groups.north, 700_000, 'cash', '2026-03-03');

  await charge(s.s1, groups.alpha, 600_000, '2026-02-01');
  await charge(s.s1, groups.alpha, 600_000, '2026-03-01');
  await charge(s.s2, groups.alpha, 600_000, '2026-03-01');
  await charge(s.s2, groups.geometry, 450_000, '2026-03-01');
  const recalculated = await charge(s.s3, groups.beta, 600_000, '2026-03-01');
  // A recalculation as the engine books it: the reversal is dated like the charge.
  await book({
    kind: 'charge',
    amount: 600_000,
    date: '2026-03-01',
    branchId: main,
    studentId: s.s3,
    groupId: groups.beta,
    cause: 'billing',
    reversesId: recalculated,
    reason: 'frozen',
  });
  await charge(s.s3, groups.beta, 400_000, '2026-03-01');
  await charge(s.north, groups.north, 500_000, '2026-03-01', north);

  const expense = (category: string, amount: number, method: string, date: string) =>
    post('/expense', { branch_id: main, category, amount, method, date });
  await expense('rent', 2_000_000, 'cash', '2026-03-05');
  await expense('marketing', 300_000, 'card', '2026-03-10');
  await expense('office', 100_000, 'cash', '2026-02-20');
  const deleted = await expense('household', 999_000, 'cash', '2026-03-06');
  await write('DELETE', `/expense/${deleted.id}`);
  await book({ kind: 'salary', amount: -1_000_000, date: '2026-03-31', branchId: main, method: 'cash' });

  /** An Excel answer, read as a workbook. */
  const download = async (url: string, token = tokens.cashier) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { host: `${sub}.localhost`, authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { status: res.statusCode, headers: res.headers, workbook };
  };

  return { company, main, north, foreignBranch: other.branchIds[0]!, groups, s, english, math, tokens, api, download };
}

export type FinanceReportsWorld = Awaited<ReturnType<typeof createFinanceReportsWorld>>;

/** Query strings of the periods the tests ask about. */
export const MARCH = 'from=2026-03-01&to=2026-03-31';
