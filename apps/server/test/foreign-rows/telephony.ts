import { telephonyAccounts } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's OnlinePBX account: its extensions read as absent, and so does a recording by uuid. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const [account] = await inCompany(db, foreign.id, (tx) =>
    tx
      .insert(telephonyAccounts)
      .values({ companyId: foreign.id, domain: 'foreign.onpbx.ru', keySealed: 'v1.sealed-elsewhere' })
      .returning({ id: telephonyAccounts.id }),
  );
  return {
    '/api/v1/voip/accounts/:id/extensions': { params: { id: account!.id } },
    '/api/v1/call/record/:uuid': { params: { uuid: 'foreign-call-0001' } },
  };
};
