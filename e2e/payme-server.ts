/**
 * Payme for the end-to-end run: the fake of the API tests (apps/server/test/fakes/payme-fake.ts) on a fixed
 * port, with two cashboxes calling our server's merchant API: the platform's (licences) and the demo centre's
 * (its students' fees). Configure the server's Payme checkout address as http://127.0.0.1:{port} and the
 * same merchant ids and keys (the console's licence merchant, the centre's payment settings).
 *
 *   tsx e2e/payme-server.ts   (port E2E_PAYME_PORT, default 3197; callbacks to E2E_CALLBACK_BASE, e.g.
 *                              http://127.0.0.1:3300; the centre E2E_COMPANY_SUBDOMAIN, default demo)
 */
import { startPaymeFake } from '../apps/server/test/fakes/payme-fake.js';

const port = Number(process.env.E2E_PAYME_PORT ?? 3197);
const callbackBase = (process.env.E2E_CALLBACK_BASE ?? 'http://127.0.0.1:3300').replace(/\/+$/, '');
const companySubdomain = process.env.E2E_COMPANY_SUBDOMAIN ?? 'demo';

/** The cashboxes' ids and keys the e2e server is configured with. */
const E2E_PAYME_MERCHANTS = {
  platform: { merchantId: 'e2e-platform-kassa', key: 'e2e-platform-key' },
  company: { merchantId: 'e2e-company-kassa', key: 'e2e-company-key' },
};

const payme = await startPaymeFake({
  port,
  merchants: {
    [E2E_PAYME_MERCHANTS.platform.merchantId]: {
      url: `${callbackBase}/api/v1/payments/payme/platform`,
      key: E2E_PAYME_MERCHANTS.platform.key,
    },
    [E2E_PAYME_MERCHANTS.company.merchantId]: {
      url: `${callbackBase}/api/v1/payments/payme/${companySubdomain}`,
      key: E2E_PAYME_MERCHANTS.company.key,
    },
  },
});
process.stdout.write(`payme fake on ${payme.url}, calling ${callbackBase}\n`);
