/**
 * Midtrans for the end-to-end run: the fake of the API tests (apps/server/test/fakes/midtrans-fake.ts) on a
 * fixed port, knowing two server keys whose notifications go to our server: the platform's (licences) and the
 * demo centre's (its students' fees), as each merchant's dashboard would be set. Configure the server's Snap
 * address (MIDTRANS_SNAP_URL) as http://127.0.0.1:{port}/snap/v1 and the same keys (the console's licence
 * merchant, the centre's payment settings); the client keys are not checked.
 *
 *   tsx e2e/midtrans-server.ts   (port E2E_MIDTRANS_PORT, default 3195; notifications to E2E_CALLBACK_BASE,
 *                                 e.g. http://127.0.0.1:3300; the centre E2E_COMPANY_SUBDOMAIN, default demo)
 */
import { startMidtransFake } from '../apps/server/test/fakes/midtrans-fake.js';

const port = Number(process.env.E2E_MIDTRANS_PORT ?? 3195);
const callbackBase = (process.env.E2E_CALLBACK_BASE ?? 'http://127.0.0.1:3300').replace(/\/+$/, '');
const companySubdomain = process.env.E2E_COMPANY_SUBDOMAIN ?? 'demo';

/** The server keys the e2e server is configured with. */
export const E2E_MIDTRANS_KEYS = {
  platform: { server_key: 'e2e-midtrans-platform', client_key: 'e2e-midtrans-platform-client' },
  company: { server_key: 'e2e-midtrans-server', client_key: 'e2e-midtrans-client' },
};

const notificationUrl = (merchant: string) => `${callbackBase}/api/v1/payments/midtrans/${merchant}/notification`;

const midtrans = await startMidtransFake({
  port,
  merchants: {
    [E2E_MIDTRANS_KEYS.company.server_key]: notificationUrl(companySubdomain),
    [E2E_MIDTRANS_KEYS.platform.server_key]: notificationUrl('platform'),
  },
});
process.stdout.write(`midtrans fake on ${midtrans.snapUrl}, notifying ${callbackBase}\n`);
