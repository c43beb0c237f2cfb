import { createStudent } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** A student of the other company for the /user/{id} routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const student = await createStudent(db, foreign.id, {
    name: 'Foreign Student',
    phone: '977777777',
    branchIds: [foreign.branchIds[0]!],
  });
  const params = { id: student };
  return {
    '/api/v1/user/:id': { params, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/user/:id/history': { params },
    '/api/v1/user/:id/restore': { params },
  };
};
