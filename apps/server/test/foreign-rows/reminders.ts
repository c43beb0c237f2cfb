import { insertReminders } from '../../src/seed/reminders-demo.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's task: editing, deleting or ticking it off must find nothing (404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const [id] = await insertReminders(db, foreign.id, 'Asia/Tashkent', [
    {
      branchId: foreign.branchIds[0] as number,
      title: 'Foreign task',
      date: '2025-03-04',
      time: '12:00',
      assignedTo: foreign.users.admin.id,
      createdBy: foreign.users.admin.id,
    },
  ]);
  return {
    '/api/v1/reminder/:id': { params: { id: id as number }, bodies: { PUT: { title: 'Mine', date: '2025-03-05' } } },
    '/api/v1/reminder/:id/status': { params: { id: id as number }, bodies: { POST: { status: 1, comment: 'Done' } } },
  };
};
