import { bookEntry } from '../../src/modules/finance/ledger.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { createStudent } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** A student of the other company with a payment and a write-off, for the money routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const student = await createStudent(db, foreign.id, {
    name: 'Foreign Payer',
    phone: '976200001',
    branchIds: [branchId],
  });
  const author = { id: foreign.users.owner.id, companyId: foreign.id };
  const [paymentId, writeOffId] = await inCompany(db, foreign.id, async (tx) => [
    await bookEntry(tx, author, {
      kind: 'payment',
      amount: 100,
      date: '2026-11-01',
      branchId,
      studentId: student,
      method: 'cash',
    }),
    await bookEntry(tx, author, { kind: 'write_off', amount: -50, date: '2026-11-01', branchId, studentId: student }),
  ]);
  const edit = { amount: 1, date: '2026-11-01', method: 'cash', reason: 'hijack' };
  return {
    '/api/v1/payment/:id': { params: { id: paymentId! }, bodies: { PUT: edit } },
    '/api/v1/write-off/custom/:user_id': {
      params: { user_id: student },
      bodies: { POST: { amount: 1, date: '2026-11-01', comment: 'hijack' } },
    },
    '/api/v1/write-off/:id': { params: { id: writeOffId! } },
    '/api/v1/user/:id/balance': { params: { id: student } },
    '/api/v1/user/debtors/:list/:branch_id': { params: { list: 'list', branch_id: branchId }, bodies: { POST: {} } },
    '/api/v1/user/debtors-export/:branch_id': { params: { branch_id: branchId } },
    '/api/v1/user/:id/monthly_balance': { params: { id: student } },
    '/api/v1/user/:id/ledger': { params: { id: student } },
  };
};
