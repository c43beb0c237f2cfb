import { createRoomRow } from '../../src/seed/factories.js';
import type { ForeignRows } from '../helpers.js';

/** Rows of the other company for the platform's and rooms' routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const room = await createRoomRow(db, foreign.id, foreign.branchIds[0]!, 'Foreign room', 10);
  return {
    '/api/v1/room/:id': { params: { id: room }, bodies: { PUT: { name: 'Hijacked', capacity: 1 } } },
    '/api/v1/company/:id': { params: { id: foreign.id } },
    '/api/v1/company/:id/history': { params: { id: foreign.id } },
    // Public: any subdomain is fine, the route is not tenant data.
    '/api/v1/company/subdomain/:sub': { params: { sub: foreign.subdomain } },
  };
};
