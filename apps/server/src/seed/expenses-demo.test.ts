import type { CompanyDatas } from '@crm/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, uniqueSubdomain } from '../../test/helpers.js';
import { expenses, expenseTypes, ledgerEntries } from '../db/schema/index.js';
import { inCompany } from '../platform/tenancy.js';
import { seedExpensesDemo } from './expenses-demo.js';
import { createCompanyWithRoleUsers } from './factories.js';

const database = await openTestDatabase();

const seeded = async (datas: Pick<CompanyDatas, 'company_type' | 'country'>, today: string) => {
  const company = await createCompanyWithRoleUsers(database.db, {
    name: 'Seeded',
    subdomain: uniqueSubdomain('seed-exp'),
    branches: ['One', 'Two'],
    datas,
  });
  await seedExpensesDemo(database.db, company, datas, today);
  return inCompany(database.db, company.id, async (tx) => ({
    company,
    types: await tx.select().from(expenseTypes).where(eq(expenseTypes.companyId, company.id)),
    rows: await tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.companyId, company.id), isNull(expenses.deletedAt))),
    entries: await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, company.id), eq(ledgerEntries.kind, 'expense'))),
    future: await tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.companyId, company.id), gt(expenses.expenseDate, today))),
  }));
};

describe('the demo expenses', () => {
  it('book the previous month and this one up to today in both branches, each through the ledger', async () => {
    const { company, types, rows, entries, future } = await seeded(
      { company_type: 'training_center', country: 'uz' },
      '2026-05-18',
    );
    expect(types.map((t) => t.name)).toContain('Internet va aloqa');
    expect(future).toEqual([]);
    expect(new Set(rows.map((r) => r.expenseDate.slice(0, 7)))).toEqual(new Set(['2026-04', '2026-05']));
    for (const branchId of company.branchIds) expect(rows.some((r) => r.branchId === branchId)).toBe(true);
    expect(rows.some((r) => r.typeId !== null) && rows.some((r) => r.category !== null)).toBe(true);
    expect(entries).toHaveLength(rows.length);
    expect(entries.reduce((acc, e) => acc + e.amount, 0)).toBe(-rows.reduce((acc, r) => acc + r.amount, 0));
    // UZS has no minor unit: sums are whole hundreds of sum.
    expect(rows.every((r) => r.amount % 100 === 0)).toBe(true);
  });

  it('speak the kindergarten’s language and currency (tenge in tiyn)', async () => {
    const { types, rows } = await seeded({ company_type: 'kindergarten', country: 'kz' }, '2026-05-18');
    expect(types.map((t) => t.name)).toContain('Питание');
    const rent = rows.find((r) => r.category === 'rent');
    expect(rent?.amount).toBe(30_000_000);
  });
});
