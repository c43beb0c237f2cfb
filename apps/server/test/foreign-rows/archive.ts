import { createStudent } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** An archived student of the other company: restoring him from the archive must find nothing (404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const student = await createStudent(db, foreign.id, {
    name: 'Foreign Archived Student',
    phone: '977700001',
    branchIds: [foreign.branchIds[0]!],
    archived: true,
  });
  return { '/api/v1/archive/:kind/:id/restore': { params: { kind: 'student', id: student } } };
};
