import { Role, StudentStatus } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { type Db, selectRows } from '../../db/client.js';
import { recordHistory } from '../../platform/history.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { createLeadReasonRow } from '../../seed/leads-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The two days of the known book; history written during a day's actions is moved onto it. */
export const DAY = '2026-03-10';
export const NEXT_DAY = '2026-03-11';
/** Noon in Tashkent (the company's default time zone) of each day. */
const NOON: Record<string, string> = { [DAY]: '2026-03-10T07:00:00Z', [NEXT_DAY]: '2026-03-11T07:00:00Z' };

/**
 * The audit tests' known book, Main branch (phones 95…):
 *
 * | day  | who            | does                                                                          |
 * |------|----------------|-------------------------------------------------------------------------------|
 * | D    | Main Cashier   | payments 300 000 cash, 150 000 cash, 450 000 card; refund 50 000 cash;        |
 * |      |                | a 999 000 cash payment the admin cancels (counts nowhere)                     |
 * | D    | admin          | a write-off of 80 000; adds two students and a teacher; activates one student |
 * |      |                | in a group, removes another to the group's archive, archives a third          |
 * | D    | marketer       | adds two leads, edits the first, archives the second (2 leads handled)        |
 * | D    | teacher        | marks one student, then a whole lesson of three, then clears a mark (4 marks) |
 * | D+1  | Main Cashier   | a payment of 200 000 by transfer                                              |
 * | D+1  | teacher        | marks a lesson of two                                                         |
 *
 * Never in Main: the owner's 700 000 cash payment in North on D, and the other company's payment and
 * students on D.
 */
export async function createAuditWorld(app: FastifyInstance, db: Db) {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Audit Co',
    subdomain: uniqueSubdomain('audit'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Audit Other',
    subdomain: uniqueSubdomain('audit-other'),
    branches: ['Elsewhere'],
  });
  const cashierId = await createUser(db, company.id, {
    name: 'Main Cashier',
    phone: '950000001',
    roles: [Role.cashier],
    branchIds: [main],
  });
  const teacher = await createTeacher(db, company.id, { name: 'Audit Teacher', phone: '950000002', branchIds: [main] });
  const course = await createCourse(db, company.id, { name: 'English', price: 600_000 });
  const group = await createGroupRow(db, company.id, {
    branchId: main,
    courseId: course,
    teacherId: teacher,
    name: 'Alpha',
    startDate: '2026-02-01',
  });
  const student = (name: string, phone: string, branchId = main) =>
    createStudent(db, company.id, { name, phone, branchIds: [branchId] });
  const s = {
    payer: await student('Aziz Payer', '950000011'),
    trial: await student('Bekzod Trial', '950000012'),
    leaving: await student('Charos Leaving', '950000013'),
    gone: await student('Dilshod Gone', '950000014'),
    north: await student('Nodir North', '950000015', north),
  };
  await addStudentToGroupRow(db, company.id, group, s.payer, {
    createdDate: '2026-02-01',
    status: StudentStatus.active,
  });
  await addStudentToGroupRow(db, company.id, group, s.trial, {
    createdDate: '2026-03-01',
    status: StudentStatus.inactive,
  });
  await addStudentToGroupRow(db, company.id, group, s.leaving, {
    createdDate: '2026-02-01',
    status: StudentStatus.active,
  });
  const reason = await createLeadReasonRow(db, company.id, 'Too expensive');

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    admin: await loginAs(app, sub, '900000002'),
    secondAdmin: await loginAs(app, sub, '900000011'),
    limitedAdmin: await loginAs(app, sub, '900000010'),
    director: await loginAs(app, sub, '900000009'),
    cashier: await loginAs(app, sub, '950000001'),
    marketer: await loginAs(app, sub, '900000005'),
    teacher: await loginAs(app, sub, '900000006'),
  };
  const api = (token: string, method: Method, url: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });
  /** A write that must succeed: the book is only known if every action went through. */
  const must = async (token: string, method: Method, url: string, body?: unknown) => {
    const res = await api(token, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url} failed: ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  /** Runs a day's actions, then moves the history they wrote onto that day's noon (history is stamped now). */
  const onDay = async (day: string, actions: () => Promise<void>) => {
    const [mark] = await selectRows<{ id: string }>(
      db,
      sql`select coalesce(max(id), 0)::bigint as id from history_events`,
    );
    await actions();
    await db.execute(
      sql`update history_events set created_at = ${NOON[day]}::timestamptz where id > ${mark?.id ?? 0}::bigint`,
    );
  };
  const pay = (token: string, studentId: number, amount: number, method: string, date: string) =>
    must(token, 'POST', '/payment', { student_id: studentId, amount, method, date });
  const teacherActor = { id: company.users.teacher.id, companyId: company.id };
  /** A register as the attendance service records it (the lesson clock is not this test's subject). */
  const marked = (data: Record<string, unknown>) =>
    inCompany(db, company.id, (tx) =>
      recordHistory(tx, teacherActor, {
        event: 'attendanceMarked',
        entity: 'group',
        entityId: group,
        branchId: main,
        data,
      }),
    );

  await onDay(DAY, async () => {
    await pay(tokens.cashier, s.payer, 300_000, 'cash', DAY);
    await pay(tokens.cashier, s.payer, 150_000, 'cash', DAY);
    await pay(tokens.cashier, s.trial, 450_000, 'card', DAY);
    await must(tokens.cashier, 'POST', '/refund', { student_id: s.payer, amount: 50_000, method: 'cash', date: DAY });
    const wrong = await pay(tokens.cashier, s.leaving, 999_000, 'cash', DAY);
    await must(tokens.admin, 'DELETE', `/payment/${wrong.id}?reason=Wrong%20student`);
    await must(tokens.admin, 'POST', `/write-off/custom/${s.payer}`, { amount: 80_000, date: DAY, comment: 'Book' });
    await pay(tokens.owner, s.north, 700_000, 'cash', DAY);

    const person = (user_type: string, name: string, phone: string) =>
      must(tokens.admin, 'POST', '/user', { user_type, name, phone, branches: [main] });
    await person('student', 'Elyor New', '950000021');
    await person('student', 'Farida New', '950000022');
    await person('teacher', 'Gulnora Teacher', '950000023');
    await must(tokens.admin, 'PUT', `/group/${group}/student/${s.trial}/${StudentStatus.active}`);
    await must(tokens.admin, 'PUT', `/group/${group}/student/${s.leaving}/${StudentStatus.archived}?comment=Moved`);
    await must(tokens.admin, 'DELETE', `/user/${s.gone}`);

    const lead = (name: string, phone: string) =>
      must(tokens.marketer, 'POST', '/leadData', { branch_id: main, name, phone });
    const first = await lead('Hamid Lead', '950000031');
    const second = await lead('Iroda Lead', '950000032');
    await must(tokens.marketer, 'PUT', `/leadData/${first.id}`, { comment: 'Called back' });
    await must(tokens.marketer, 'DELETE', `/leadData/${second.id}?reason_id=${reason}`);

    await marked({ student_id: s.payer, date: DAY, status: 1 });
    await marked({ student_ids: [s.payer, s.trial, s.leaving], date: DAY, status: 0 });
    await marked({ student_id: s.payer, date: DAY, status: null });
  });
  await onDay(NEXT_DAY, async () => {
    await pay(tokens.cashier, s.payer, 200_000, 'transfer', NEXT_DAY);
    await marked({ student_ids: [s.payer, s.trial], date: NEXT_DAY, status: 1 });
  });

  // The other company's busy day: its owner takes money and adds a student on D.
  const otherOwner = await loginAs(app, other.subdomain, '900000008');
  const otherStudent = await createStudent(db, other.id, {
    name: 'Other Student',
    phone: '950000041',
    branchIds: other.branchIds,
  });
  const otherCall = (method: Method, url: string, body: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub: other.subdomain, token: otherOwner, body });
  await onDay(DAY, async () => {
    await otherCall('POST', '/payment', { student_id: otherStudent, amount: 123_000, method: 'cash', date: DAY });
    await otherCall('POST', '/user', {
      user_type: 'student',
      name: 'Other New',
      phone: '950000042',
      branches: other.branchIds,
    });
  });

  /** An Excel answer, read as a workbook. */
  const download = async (url: string, token: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { host: `${sub}.localhost`, authorization: `Bearer ${token}` },
    });
    const workbook = new ExcelJS.Workbook();
    if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { status: res.statusCode, headers: res.headers, workbook };
  };

  const staff = {
    admin: company.users.admin.id,
    cashier: cashierId,
    marketer: company.users.marketer.id,
    teacher: company.users.teacher.id,
  };
  return { company, main, north, foreignBranch: other.branchIds[0] as number, staff, tokens, api, download };
}

export type AuditWorld = Awaited<ReturnType<typeof createAuditWorld>>;
