import { createCourse } from '../../src/seed/courses-factories.js';
import { createGroupRow } from '../../src/seed/groups-factories.js';
import { createTeacher } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** A group of the other company, for re_withdraw (its period in the body, as the route allows). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const courseId = await createCourse(db, foreign.id, { name: 'Foreign billing', code: 'FBL', price: 500_000 });
  const teacherId = await createTeacher(db, foreign.id, {
    name: 'Foreign Billing Teacher',
    phone: '976500001',
    branchIds: [branchId],
  });
  const group = await createGroupRow(db, foreign.id, {
    branchId,
    courseId,
    teacherId,
    startTime: '14:00',
    endTime: '15:00',
    startDate: '2025-01-01',
  });
  return {
    '/api/v1/group/:group_id/re_withdraw': {
      params: { group_id: group },
      bodies: { POST: { from: '2025-01-01', to: '2025-01-31' } },
    },
  };
};
