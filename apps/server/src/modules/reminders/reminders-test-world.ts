import { GroupStatus, Role, StudentStatus, TagType } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse, createTag } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { insertReminders, type ReminderSpec } from '../../seed/reminders-demo.js';
import { createStaff, createStudent, createTeacher } from '../../seed/users-factories.js';

/**
 * The reminders tests' world. "Now" is 2025-03-04 10:30 in Tashkent (UTC+5, the company's zone by its
 * country), 05:30 UTC; a test may move the clock. Two branches, Main and North:
 *
 * | who                 | what                                                           |
 * |---------------------|----------------------------------------------------------------|
 * | role users (9000000NN) | one of every role, in both branches                          |
 * | Main-only admin     | 977000001, branch Main only                                    |
 * | teacher 2           | 977000002, another teacher                                     |
 * | Ali (student)       | in the log-in teacher's group "Alpha" (Main)                   |
 * | Vali (student)      | in teacher 2's group "Beta" (Main)                             |
 * | Dono (lead)         | Main                                                           |
 * | tags                | "Call" and "Urgent" (task), "Hot" (lead tag, not for tasks)    |
 *
 * Another company has a student and a task of its own.
 */
export const TIME_ZONE = 'Asia/Tashkent';
export const START = new Date('2025-03-04T05:30:00Z');
export const TODAY = '2025-03-04';
export const TOMORROW = '2025-03-05';
export const YESTERDAY = '2025-03-03';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function openRemindersWorld() {
  let now = START;
  const { app, database } = await openTestApp(undefined, { clock: () => now });
  const world = await createRemindersWorld(app, database);
  return {
    app,
    database,
    ...world,
    setNow: (at: Date) => {
      now = at;
    },
  };
}

async function createRemindersWorld(app: FastifyInstance, database: Database) {
  const db = database.db;
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Tasks Co',
    subdomain: uniqueSubdomain('tasks'),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  const other = await createCompanyWithRoleUsers(db, {
    name: 'Tasks Other',
    subdomain: uniqueSubdomain('tasks-other'),
    branches: ['Elsewhere'],
  });
  const mainAdmin = await createStaff(db, company.id, {
    name: 'Main Admin',
    phone: '977000001',
    branchIds: [main],
    roles: [Role.admin],
  });
  const teacher2 = await createTeacher(db, company.id, {
    name: 'Botir Teacher',
    phone: '977000002',
    branchIds: [main],
  });
  const ali = await createStudent(db, company.id, { name: 'Ali Student', phone: '977000003', branchIds: [main] });
  const vali = await createStudent(db, company.id, { name: 'Vali Student', phone: '977000004', branchIds: [main] });
  const course = await createCourse(db, company.id, { name: 'English', price: 100_000 });
  const alpha = await createGroupRow(db, company.id, {
    branchId: main,
    courseId: course,
    teacherId: company.users.teacher.id,
    name: 'Alpha',
    status: GroupStatus.active,
  });
  const beta = await createGroupRow(db, company.id, {
    branchId: main,
    courseId: course,
    teacherId: teacher2,
    name: 'Beta',
  });
  await addStudentToGroupRow(db, company.id, alpha, ali, { status: StudentStatus.active });
  await addStudentToGroupRow(db, company.id, beta, vali, { status: StudentStatus.active });
  const [dono] = await insertLeads(db, company.id, [{ branchId: main, name: 'Dono Lead', phone: '977000005' }]);
  const callTag = await createTag(db, company.id, 'Call', TagType.task, 'blue');
  const urgentTag = await createTag(db, company.id, 'Urgent', TagType.task, 'red');
  const leadTag = await createTag(db, company.id, 'Hot', TagType.lead);
  const otherStudent = await createStudent(db, other.id, {
    name: 'Other Student',
    phone: '977000006',
    branchIds: [other.branchIds[0] as number],
  });
  const [otherTask] = await insertReminders(db, other.id, TIME_ZONE, [
    {
      branchId: other.branchIds[0] as number,
      title: 'Other company task',
      date: TODAY,
      time: '12:00',
      assignedTo: other.users.admin.id,
      createdBy: other.users.admin.id,
    },
  ]);

  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    admin: await loginAs(app, sub, '900000002'),
    director: await loginAs(app, sub, '900000009'),
    teacher: await loginAs(app, sub, '900000006'),
    cashier: await loginAs(app, sub, '900000004'),
    marketer: await loginAs(app, sub, '900000005'),
    mainAdmin: await loginAs(app, sub, '977000001'),
    teacher2: await loginAs(app, sub, '977000002'),
  };

  const api = (method: Method, url: string, token: string, body?: unknown) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body });

  return {
    company,
    other,
    branches: { main, north },
    people: { mainAdmin, teacher2, ali, vali, otherStudent },
    groups: { alpha, beta },
    leads: { dono: (dono as { id: number }).id },
    tags: { call: callTag, urgent: urgentTag, lead: leadTag },
    otherTask: otherTask as number,
    tokens,
    api,
    /** Tasks written straight into the table (the company's zone). */
    insertTasks: (specs: ReminderSpec[]) => insertReminders(db, company.id, TIME_ZONE, specs),
    /** The company's history events of a reminder. */
    eventsOf: (reminderId: number) =>
      inCompany(db, company.id, (tx) =>
        tx
          .select()
          .from(historyEvents)
          .where(
            and(
              eq(historyEvents.companyId, company.id),
              eq(historyEvents.entity, 'reminder'),
              eq(historyEvents.entityId, reminderId),
            ),
          )
          .orderBy(historyEvents.id),
      ),
  };
}

export type RemindersWorld = Awaited<ReturnType<typeof openRemindersWorld>>;
