import type { ForeignRows } from '../helpers.js';

/** The other company itself, for its history's Excel file (the log's own route is in platform.ts). */
export const foreignRows: ForeignRows = async (_db, foreign) => ({
  '/api/v1/company/:id/history/export': { params: { id: foreign.id } },
});
