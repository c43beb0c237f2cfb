import type { ForeignRows } from '../helpers.js';

/** The other company itself, for the company settings routes (the platform's company routes are in platform.ts). */
export const foreignRows: ForeignRows = async (_db, foreign) => ({
  '/api/v1/company/:id/datas': {
    params: { id: foreign.id },
    bodies: { PUT: { teacher_attendance_only_during_lesson: true } },
  },
  '/api/v1/company/byid/:id': { params: { id: foreign.id } },
  // The picture routes refuse another company before reading any upload, so no file is needed.
  '/api/v1/company/:id/logo': { params: { id: foreign.id } },
  '/api/v1/company/:id/backgrounds': { params: { id: foreign.id } },
  '/api/v1/company/:id/picture/:key': { params: { id: foreign.id, key: '0'.repeat(32) } },
});
