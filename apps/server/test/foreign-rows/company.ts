import type { ForeignRows } from '../helpers.js';

/** The other company itself, for the company settings route (the platform's company routes are in platform.ts). */
export const foreignRows: ForeignRows = async (_db, foreign) => ({
  '/api/v1/company/:id/datas': {
    params: { id: foreign.id },
    bodies: { PUT: { teacher_attendance_only_during_lesson: true } },
  },
});
