import type { ForeignRows } from '../helpers.js';

/** The other company's student, whom neither his staff's parents list nor a parent of the home company reaches. */
export const foreignRows: ForeignRows = async (_db, foreign) => ({
  '/api/v1/user/:id/parents': { params: { id: foreign.users.student.id } },
  '/api/v1/parent/children/:id': { params: { id: foreign.users.student.id } },
  '/api/v1/parent/children/:id/attendance': { params: { id: foreign.users.student.id } },
});
