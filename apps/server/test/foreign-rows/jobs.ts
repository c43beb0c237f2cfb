import { randomUUID } from 'node:crypto';
import { jobRecords } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's finished export (with a kept file), for GET /jobs/{id} and its download. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const id = randomUUID();
  await inCompany(db, foreign.id, (tx) =>
    tx.insert(jobRecords).values({
      companyId: foreign.id,
      id,
      name: 'users.export',
      state: 'done',
      done: 1,
      total: 1,
      result: { rows: 1 },
      file: '0123456789abcdef0123456789abcdef',
      fileName: 'students.xlsx',
      createdBy: foreign.users.admin.id,
    }),
  );
  return { '/api/v1/jobs/:id': { params: { id } }, '/api/v1/jobs/:id/file': { params: { id } } };
};
