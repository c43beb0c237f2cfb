import { type LessonsPerMonth, type StudentPaymentMode, StudentStatus } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { call, loginAs } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { createStudent } from '../../seed/users-factories.js';
import { createBillingWorld } from '../billing/billing-test-world.js';

let phones = 0;
/** Nine digits, unique within the run: 97, three digits of the process, a counter. */
export const debtorPhone = () => `97${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(4, '0')}`;

/**
 * docs/billing.md's centre (600 000 sum a month, odd days from Monday 3 March 2025, Navruz
 * on 21 March, 12 held lessons in March) on Saturday 15 March 2025, after the day's billing
 * run charged March to every active student, with the API signed in as its admin.
 */
export async function createDebtorsWorld(
  app: FastifyInstance,
  db: Db,
  settings: { mode: StudentPaymentMode; lessonsPerMonth: LessonsPerMonth } = {
    mode: 'monthly_calendar',
    lessonsPerMonth: 'dynamic',
  },
) {
  const w = await createBillingWorld(db, { ...settings, roleUsers: true });
  const users = w.users!;
  const tokens = {
    admin: await loginAs(app, w.subdomain, users.admin.phone),
    cashier: await loginAs(app, w.subdomain, users.cashier.phone),
    teacher: await loginAs(app, w.subdomain, users.teacher.phone),
  };
  const api = (method: 'GET' | 'POST', url: string, body?: unknown, token = tokens.admin) =>
    call(app, { method, url: `/api/v1${url}`, sub: w.subdomain, token, body });

  /** A named student of the main branch in the group (active unless told), from 3 March. */
  const student = async (
    name: string,
    place: { status?: number; exception?: number; group?: number; branch?: number } = {},
  ) => {
    const phone = debtorPhone();
    const id = await createStudent(db, w.companyId, { name, phone, branchIds: [place.branch ?? w.branchId] });
    await w.addStudent({
      student: id,
      status: place.status ?? StudentStatus.active,
      group: place.group,
      exception: place.exception ? [place.exception, '2025-03-03', '2025-12-31'] : undefined,
    });
    return { id, name, phone };
  };

  const money = (kind: 'payment' | 'refund', who: { id: number }, amount: number, date: string, group?: number) =>
    api('POST', kind === 'payment' ? '/payment' : '/refund', {
      student_id: who.id,
      amount,
      date,
      method: 'cash',
      group_id: group ?? null,
    }).then((res) => {
      if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number };
    });

  return { ...w, tokens, api, student, pay: money.bind(null, 'payment'), refund: money.bind(null, 'refund') };
}

export type DebtorsWorld = Awaited<ReturnType<typeof createDebtorsWorld>>;
