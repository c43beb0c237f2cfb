import { worklyBindings } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/**
 * The other company's Workly binding (its teacher), for DELETE /workly/bindings/{user_id}. The companies
 * here have no Workly credentials, and the test servers reach no Workly: no route of these walks calls out.
 */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const userId = foreign.users.teacher.id;
  await inCompany(db, foreign.id, (tx) =>
    tx.insert(worklyBindings).values({ companyId: foreign.id, userId, worklyEmployeeId: `w-${userId}` }),
  );
  return {
    '/api/v1/workly/bindings/:user_id': { params: { user_id: userId } },
    // `x` names a day, not a row: nothing of another company can be named, so the walk names no day (404).
    '/api/v1/workly/at_work/:x': { params: { x: 'not-a-day' } },
  };
};
