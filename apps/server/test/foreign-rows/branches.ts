import type { ForeignRows } from '../helpers.js';

/** The other company's branch, for the branch administration routes (a valid body each, so 404 is not hidden). */
export const foreignRows: ForeignRows = async (_db, foreign) => {
  const id = foreign.branchIds[0] as number;
  return {
    '/api/v1/branch/:id': { params: { id }, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/branch/:id/archive-preview': { params: { id } },
    '/api/v1/branch/:id/archive': { params: { id }, bodies: { POST: { people: 'archive' } } },
    '/api/v1/branch/:id/restore': { params: { id } },
  };
};
