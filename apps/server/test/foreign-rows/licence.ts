import type { LicenceOrderInput } from '@crm/contracts';
import { asPlatform } from '../../src/modules/console/platform-db.js';
import { tariffPrice } from '../../src/modules/console/tariffs.js';
import { createLicenceOrder } from '../../src/modules/licence/orders.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's licence order and its payments list (an owner of this company must get 404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const tariff = await asPlatform(db, (q) => tariffPrice(q, 'uz', 100, 1));
  const input: LicenceOrderInput = { max_students: 100, period_months: 1 };
  const order = await inCompany(db, foreign.id, (tx) =>
    createLicenceOrder(tx, foreign.id, foreign.users.owner.id, input, tariff),
  );
  return {
    '/api/v1/licence/orders/:id/checkout': { params: { id: order.id }, bodies: { POST: { provider: 'payme' } } },
    '/api/v1/licence/orders/:id/invoice': { params: { id: order.id } },
    '/api/v1/company/:id/payments': { params: { id: foreign.id } },
    // Not a row of a company: a provider that does not exist is the 404 here.
    '/api/v1/online-payments/providers/:provider': {
      params: { provider: 'no-such-provider' },
      bodies: { PUT: { enabled: false, credentials: {} } },
    },
  };
};
