import { bookExpense, createExpenseTypeRow } from '../../src/seed/expenses-demo.js';
import type { ForeignRows } from '../helpers.js';

/** An expense type and an expense of the other company, for PUT/DELETE /expense/{id} and /expense_types/{id}. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const typeId = await createExpenseTypeRow(db, foreign.id, 'Foreign type');
  const expense = await bookExpense(db, foreign, foreign.users.cashier.id, {
    branch_id: branchId,
    category: 'rent',
    type_id: null,
    amount: 1_000_000,
    date: '2026-01-05',
    method: 'cash',
    payee: null,
    payee_user_id: null,
    comment: null,
  });
  // A valid body, so the 404 is not hidden behind a 400.
  const body = { branch_id: branchId, category: 'rent', amount: 500_000, date: '2026-01-06', method: 'cash' };
  return {
    '/api/v1/expense/:id': { params: { id: expense.id }, bodies: { PUT: body } },
    '/api/v1/expense_types/:id': { params: { id: typeId }, bodies: { PUT: { name: 'Hijacked' } } },
  };
};
