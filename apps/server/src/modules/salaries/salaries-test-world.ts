import { Role, StudentStatus } from '@crm/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { groupStudents, ledgerEntries, lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse, createHoliday } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';
import { bookEntry, findEntry, reverseEntry } from '../finance/ledger.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Noon in Tashkent (UTC+5) of a day: the instant the app and the fixtures act at. */
export const noonOf = (date: string) => new Date(`${date}T12:00:00+05:00`);

let phones = 0;
const nextPhone = () => `94${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(4, '0')}`;

/**
 * A company of the worked examples of docs/decisions/0014: an Uzbek centre (UZS), the
 * group "English" on odd days (Mon, Wed, Fri) from Monday 3 March 2025 in the main
 * branch, taught by the log-in teacher (9000000 06); Navruz on Friday 21 March, so March
 * holds 12 lessons. A substitute teacher and a teacher of the second branch log in too.
 */
export async function createSalariesWorld(app: FastifyInstance, db: Db, prefix = 'salary') {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Salary Academy',
    subdomain: uniqueSubdomain(prefix),
    branches: ['Main', 'Second'],
    datas: { country: 'uz' },
  });
  const companyId = company.id;
  const [main, second] = company.branchIds as [number, number];
  const courseId = await createCourse(db, companyId, { name: 'English', code: 'EN', price: 600_000 });
  const teacherId = company.users.teacher.id;
  const substitute = { id: 0, phone: nextPhone() };
  substitute.id = await createTeacher(db, companyId, {
    name: 'Substitute',
    phone: substitute.phone,
    branchIds: [main],
  });
  const secondDirector = { phone: nextPhone() };
  await createUser(db, companyId, {
    name: 'Second Director',
    phone: secondDirector.phone,
    roles: [Role.branchDirector],
    branchIds: [second],
  });
  const groupId = await createGroupRow(db, companyId, {
    branchId: main,
    courseId,
    teacherId,
    name: 'English A',
    dayType: 'odd',
    startDate: '2025-03-03',
  });
  await createHoliday(db, companyId, 'Navruz', '2025-03-21');

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, company.users.owner.phone),
    admin: await loginAs(app, sub, company.users.admin.phone),
    cashier: await loginAs(app, sub, company.users.cashier.phone),
    marketer: await loginAs(app, sub, company.users.marketer.phone),
    teacher: await loginAs(app, sub, company.users.teacher.phone),
    substitute: await loginAs(app, sub, substitute.phone),
    secondDirector: await loginAs(app, sub, secondDirector.phone),
  };
  const api = (token: string, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body, headers });
  const actor = { id: company.users.cashier.id, companyId };

  const world = {
    company,
    companyId,
    main,
    second,
    courseId,
    teacherId,
    substituteId: substitute.id,
    groupId,
    tokens,
    api,
    /** A student (new) who joins the group on `createdDate` with a status (default active). */
    async addStudent(createdDate = '2025-03-03', status: number = StudentStatus.active, group = groupId) {
      const studentId = await createStudent(db, companyId, {
        name: `Student ${++phones}`,
        phone: nextPhone(),
        branchIds: [main],
      });
      await inCompany(db, companyId, (tx) =>
        tx.insert(groupStudents).values({ companyId, groupId: group, studentId, createdDate, status }),
      );
      return studentId;
    },
    /** The student's status changes on `date` (the database trigger records the change as of that day). */
    setStatus: (studentId: number, status: number, date: string) =>
      inCompany(db, companyId, async (tx) => {
        await tx.execute(sql`select set_config('app.now', ${noonOf(date).toISOString()}, true)`);
        await tx
          .update(groupStudents)
          .set({ status })
          .where(
            and(
              eq(groupStudents.companyId, companyId),
              eq(groupStudents.groupId, groupId),
              eq(groupStudents.studentId, studentId),
            ),
          );
      }),
    /** Another teacher gives the lesson scheduled on `date` (a lesson change, as the attendance screen makes). */
    substitute: (date: string, teacher = substitute.id) =>
      inCompany(db, companyId, (tx) =>
        tx
          .insert(lessons)
          .values({ companyId, groupId, scheduledDate: date, teacherId: teacher })
          .onConflictDoUpdate({
            target: [lessons.companyId, lessons.groupId, lessons.scheduledDate],
            set: { teacherId: teacher },
          }),
      ),
    /** A payment for the group (or none) booked on `date`, as the cash desk books it. */
    pay: (studentId: number, amount: number, date: string, group: number | null = groupId) =>
      inCompany(db, companyId, (tx) =>
        bookEntry(tx, actor, {
          kind: 'payment',
          amount,
          date,
          branchId: main,
          studentId,
          groupId: group,
          method: 'cash',
        }),
      ),
    /** The cancellation of a payment, dated `date`. */
    reverse: (entryId: number, date: string) =>
      inCompany(db, companyId, async (tx) =>
        reverseEntry(tx, actor, await findEntry(tx, companyId, entryId), 'Wrong student', date),
      ),
    /** A rule of pay, set by the owner. */
    async setting(body: Record<string, unknown>) {
      const res = await api(tokens.owner, 'POST', `/company/${companyId}/teacher_salary_settings`, body);
      if (res.status !== 200) throw new Error(`setting not saved: ${JSON.stringify(res.body)}`);
      return res.body as { id: number };
    },
    /** POST /salaries/calculate of the main branch's March 2025 as the owner; the salaries by teacher. */
    async calculate(month = '2025-03', extra: Record<string, unknown> = {}) {
      const res = await api(tokens.owner, 'POST', '/salaries/calculate', { month, branch_id: main, ...extra });
      if (res.status !== 200) throw new Error(`not calculated: ${JSON.stringify(res.body)}`);
      return new Map<number, SalaryBody>(res.body.data.map((s: SalaryBody) => [s.teacher.id, s]));
    },
    detail: async (id: number, token = tokens.owner) => (await api(token, 'GET', `/salaries/${id}`)).body as DetailBody,
    /** The company's salary entries of the ledger, oldest first. */
    salaryEntries: () =>
      inCompany(db, companyId, (tx) =>
        tx
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.kind, 'salary')))
          .orderBy(asc(ledgerEntries.id)),
      ),
  };
  return world;
}

export interface SalaryBody {
  id: number;
  teacher: { id: number; name: string };
  status: 'draft' | 'published';
  amount: number;
  lesson_count: number;
  student_count: number;
  unsettled_groups: { id: number; title: string }[];
  entry_id: number | null;
}

export interface DetailBody extends SalaryBody {
  lines: {
    base: string;
    student: { id: number; name: string } | null;
    lessons: string[];
    held_lessons: number;
    payment: { entry_id: number; amount: number } | null;
    amount: number;
  }[];
}

export type SalariesWorld = Awaited<ReturnType<typeof createSalariesWorld>>;
