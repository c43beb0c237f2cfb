import {
  addMonths,
  countryRules,
  type ExpenseCategory,
  type ExpenseValues,
  localDate,
  type PaymentMethod,
  Role,
  toMinorUnits,
} from '@crm/contracts';
import type { Db } from '../db/client.js';
import { expenseTypes } from '../db/schema/index.js';
import { createExpense } from '../modules/expenses/expenses.js';
import type { Actor } from '../platform/actor.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

/** An expense type row, as the demo and the tests' fixtures make them. */
export async function createExpenseTypeRow(db: Db, companyId: number, name: string, active = true) {
  return inCompany(db, companyId, async (tx) => {
    const [row] = await tx.insert(expenseTypes).values({ companyId, name, active }).returning({ id: expenseTypes.id });
    if (!row) throw new Error('expense type insert returned no row');
    return row.id;
  });
}

/**
 * Books an expense as `authorId` would through the API (row, ledger entry, history), so
 * the demo's and the fixtures' expenses are explained by the ledger exactly like real ones.
 */
export async function bookExpense(db: Db, company: CreatedCompany, authorId: number, input: ExpenseValues) {
  const actor: Actor = {
    id: authorId,
    companyId: company.id,
    sessionId: 'seed',
    name: 'seed',
    roles: [Role.cashier],
    branchIds: company.branchIds,
    allBranches: false,
  };
  return inCompany(db, company.id, (tx) => createExpense(tx, actor, input));
}

/** A month's usual expense: what for, roughly how much (in UZS), when, how paid and to whom. */
interface Recurring {
  /** A standard category, or the index of one of the company's own types. */
  category: ExpenseCategory | { type: number };
  /** Sum in UZS; a branch pays a share of it (see BRANCH_SCALE). */
  sum: number;
  day: number;
  method: PaymentMethod;
  payee?: string;
  comment?: string;
}

interface DemoBook {
  types: string[];
  monthly: Recurring[];
  /** Bought once, in the previous month, by the first branch. */
  once: Recurring[];
}

/** A training centre in Tashkent; own types in Uzbek, the company's language. */
const TRAINING_CENTRE: DemoBook = {
  types: ['Internet va aloqa', 'Kommunal toʻlovlar', 'Ichimlik suvi', 'Kanselyariya'],
  monthly: [
    { category: 'rent', sum: 9_000_000, day: 1, method: 'bank_account', payee: 'Chilonzor Savdo MChJ' },
    { category: { type: 0 }, sum: 450_000, day: 3, method: 'card', payee: 'Uztelecom' },
    { category: { type: 1 }, sum: 1_350_000, day: 8, method: 'transfer', comment: 'Elektr, gaz, suv' },
    { category: 'marketing', sum: 2_500_000, day: 10, method: 'card', payee: 'Instagram Ads', comment: 'Reklama' },
    { category: { type: 2 }, sum: 96_000, day: 12, method: 'cash', payee: 'Hydrolife' },
    { category: 'taxes', sum: 1_800_000, day: 15, method: 'bank_account', comment: 'Aylanmadan olinadigan soliq' },
    { category: { type: 3 }, sum: 240_000, day: 17, method: 'cash', comment: 'Qogʻoz, marker, daftar' },
    { category: 'household', sum: 310_000, day: 20, method: 'cash', comment: 'Tozalash vositalari' },
    { category: { type: 2 }, sum: 96_000, day: 26, method: 'cash', payee: 'Hydrolife' },
  ],
  once: [
    { category: 'equipment', sum: 5_400_000, day: 6, method: 'transfer', payee: 'Texnomart', comment: 'Proyektor' },
    { category: 'office', sum: 1_150_000, day: 22, method: 'cash', comment: 'Ikki ofis stuli' },
  ],
};

/** A kindergarten in Almaty; own types in Russian, the company's language. */
const KINDERGARTEN: DemoBook = {
  types: ['Питание', 'Коммунальные услуги', 'Игрушки и материалы', 'Интернет и связь'],
  monthly: [
    { category: 'rent', sum: 7_500_000, day: 1, method: 'bank_account', payee: 'ТОО «Медеу Сервис»' },
    { category: { type: 0 }, sum: 2_800_000, day: 4, method: 'transfer', payee: 'Arbat Foods', comment: 'Продукты' },
    { category: { type: 3 }, sum: 300_000, day: 5, method: 'card', payee: 'Kazakhtelecom' },
    { category: { type: 1 }, sum: 1_100_000, day: 9, method: 'transfer' },
    { category: { type: 2 }, sum: 420_000, day: 14, method: 'cash', comment: 'Пластилин, краски, бумага' },
    { category: 'taxes', sum: 1_200_000, day: 15, method: 'bank_account' },
    { category: { type: 0 }, sum: 2_600_000, day: 18, method: 'transfer', payee: 'Arbat Foods', comment: 'Продукты' },
    { category: 'household', sum: 280_000, day: 21, method: 'cash', comment: 'Моющие средства' },
  ],
  once: [{ category: 'equipment', sum: 3_200_000, day: 11, method: 'transfer', comment: 'Детские кроватки' }],
};

/** The second branch is smaller and pays less. */
const BRANCH_SCALE = [1, 0.7];
/** Demo sums are written in UZS; other currencies get a believable equivalent. */
const PER_UZS: Record<string, number> = { UZS: 1, KZT: 1 / 25 };

/** A demo sum in the company's currency, rounded as a bookkeeper would write it (to the hundred). */
function demoAmount(sumUzs: number, scale: number, currency: string): number {
  const major = Math.max(100, Math.round((sumUzs * scale * (PER_UZS[currency] ?? 1 / 10_000)) / 100) * 100);
  return toMinorUnits(major, currency);
}

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

/**
 * The demo's expense types and about two months of expenses per branch (the previous
 * month and this one up to today), booked by the company's cashier.
 */
export async function seedExpensesDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  datas: { company_type: string; country: string },
  today = localDate(),
): Promise<void> {
  const book = datas.company_type === 'kindergarten' ? KINDERGARTEN : TRAINING_CENTRE;
  const currency = countryRules(datas.country).currency;
  const typeIds: number[] = [];
  for (const name of book.types) typeIds.push(await createExpenseTypeRow(db, company.id, name));

  const thisMonth = today.slice(0, 7);
  const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
  const book1 = (branchIndex: number, month: string, item: Recurring) => {
    const date = dayOf(month, item.day);
    if (date > today) return Promise.resolve(null);
    const category = typeof item.category === 'string' ? item.category : null;
    const typeId = typeof item.category === 'string' ? null : (typeIds[item.category.type] ?? null);
    return bookExpense(db, company, company.users.cashier.id, {
      branch_id: company.branchIds[branchIndex]!,
      category,
      type_id: typeId,
      amount: demoAmount(item.sum, BRANCH_SCALE[branchIndex] ?? 1, currency),
      date,
      method: item.method,
      payee: item.payee ?? null,
      payee_user_id: null,
      comment: item.comment ?? null,
    });
  };
  for (const [branchIndex] of company.branchIds.entries()) {
    for (const month of [lastMonth, thisMonth]) {
      for (const item of book.monthly) await book1(branchIndex, month, item);
    }
  }
  for (const item of book.once) await book1(0, lastMonth, item);
}
