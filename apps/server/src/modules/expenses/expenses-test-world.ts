import { Role } from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { historyEvents, ledgerEntries } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCompanyWithRoleUsers, createUser } from '../../seed/factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A company for the expenses tests: two branches, every role, a cashier who works in
 * the main branch only, a teacher (a possible payee) and a student (never one).
 */
export async function createExpensesWorld(app: FastifyInstance, db: Db, prefix = 'expenses') {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Expenses Co',
    subdomain: uniqueSubdomain(prefix),
    branches: ['Main', 'North'],
  });
  const [main, north] = company.branchIds as [number, number];
  await createUser(db, company.id, {
    name: 'Main Cashier',
    phone: '930000001',
    roles: [Role.cashier],
    branchIds: [main],
  });
  const teacher = await createTeacher(db, company.id, { name: 'Payee Teacher', phone: '930000002', branchIds: [main] });
  const student = await createStudent(db, company.id, { name: 'Not A Payee', phone: '930000003', branchIds: [main] });
  const sub = company.subdomain;
  const tokens = {
    owner: await loginAs(app, sub, '900000008'),
    cashier: await loginAs(app, sub, '900000004'),
    mainCashier: await loginAs(app, sub, '930000001'),
    admin: await loginAs(app, sub, '900000002'),
    teacher: await loginAs(app, sub, '900000006'),
    marketer: await loginAs(app, sub, '900000005'),
  };

  const api = (token: string, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(app, { method, url: `/api/v1${url}`, sub, token, body, headers });

  /** A valid POST /expense body in the main branch; overrides replace fields. */
  const expenseBody = (overrides: Record<string, unknown> = {}) => ({
    branch_id: main,
    category: 'rent',
    amount: 2_500_000,
    date: '2026-03-05',
    method: 'cash',
    ...overrides,
  });

  const createExpense = async (overrides: Record<string, unknown> = {}, token = tokens.cashier) => {
    const res = await api(token, 'POST', '/expense', expenseBody(overrides));
    if (res.status !== 200) throw new Error(`expense not created: ${JSON.stringify(res.body)}`);
    return res.body as { id: number; entry_id: number; amount: number };
  };

  const createType = async (name: string, token = tokens.cashier) => {
    const res = await api(token, 'POST', '/expense_types', { name });
    if (res.status !== 200) throw new Error(`expense type not created: ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string };
  };

  /** The ledger entries an expense caused (its bookings) and their reversals, oldest first. */
  const ledgerOf = (expenseId: number) =>
    inCompany(db, company.id, async (tx) => {
      const booked = await tx
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.companyId, company.id),
            eq(ledgerEntries.cause, 'expense'),
            eq(ledgerEntries.causeId, expenseId),
          ),
        )
        .orderBy(asc(ledgerEntries.id));
      const reversals = [];
      for (const entry of booked) {
        reversals.push(
          ...(await tx
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.companyId, company.id), eq(ledgerEntries.reversesId, entry.id)))),
        );
      }
      return { booked, reversals };
    });

  /** The branch's cash moved by expenses: the sum of its ledger entries of kind 'expense'. */
  const expenseCashOf = (branchId: number) =>
    inCompany(db, company.id, async (tx) => {
      const rows = await tx
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.companyId, company.id),
            eq(ledgerEntries.branchId, branchId),
            eq(ledgerEntries.kind, 'expense'),
          ),
        );
      return rows.reduce((acc, r) => acc + r.amount, 0);
    });

  const historyOf = (entity: string, id: number) =>
    inCompany(db, company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(
          and(
            eq(historyEvents.companyId, company.id),
            eq(historyEvents.entity, entity),
            eq(historyEvents.entityId, id),
          ),
        )
        .orderBy(asc(historyEvents.id)),
    );

  return {
    company,
    main,
    north,
    teacher,
    student,
    sub,
    tokens,
    api,
    expenseBody,
    createExpense,
    createType,
    ledgerOf,
    expenseCashOf,
    historyOf,
  };
}

export type ExpensesWorld = Awaited<ReturnType<typeof createExpensesWorld>>;
