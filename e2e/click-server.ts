/**
 * Click of the end-to-end run: the Click fake of the API tests on a fixed port, with two services — the demo
 * centre's own (students' fees) and the platform's (licences) — calling our server's SHOP API addresses.
 *
 *   tsx e2e/click-server.ts   (port E2E_CLICK_PORT, default 3196; callbacks to E2E_CALLBACK_BASE)
 *
 * The server is to be started with its Click checkout address at http://127.0.0.1:{port}/services/pay, the
 * centre's Click account as service 101 / secret e2e-click-secret and the platform's as 900 / e2e-platform-click.
 */
import { startClickFake } from '../apps/server/test/fakes/click-fake.js';

const port = Number(process.env.E2E_CLICK_PORT ?? 3196);
const callbackBase = (process.env.E2E_CALLBACK_BASE ?? 'http://127.0.0.1:3300').replace(/\/+$/, '');
const company = process.env.E2E_COMPANY_SUBDOMAIN ?? 'demo';
const addresses = (merchant: string) => ({
  prepareUrl: `${callbackBase}/api/v1/payments/click/${merchant}/prepare`,
  completeUrl: `${callbackBase}/api/v1/payments/click/${merchant}/complete`,
});

const click = await startClickFake({
  port,
  services: {
    '101': { ...addresses(company), secretKey: 'e2e-click-secret' },
    '900': { ...addresses('platform'), secretKey: 'e2e-platform-click' },
  },
});
process.stdout.write(`click fake: payment page ${click.payUrl}, calling ${callbackBase}\n`);
