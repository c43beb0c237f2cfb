import { companyOffers } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's published offer and its student, for the offer routes (issue 17). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  await inCompany(db, foreign.id, (tx) =>
    tx.insert(companyOffers).values({ companyId: foreign.id, version: 1, texts: { uz: 'Foreign offer' } }),
  );
  return {
    '/api/v1/offer/versions/:version': { params: { version: 1 } },
    '/api/v1/user/:id/offer': {
      params: { id: foreign.users.student.id },
      bodies: { PUT: { version: 1, language: 'uz' } },
    },
  };
};
