import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** 3100 unless E2E_PORT says otherwise (a second run beside CI's on the same machine). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The SMS operator's fake (e2e/eskiz-server.ts): the server sends its SMS there. */
const ESKIZ_PORT = Number(process.env.E2E_ESKIZ_PORT ?? E2E_PORT + 99);
const smsEnv = [
  'SMS_PROVIDER=eskiz',
  `ESKIZ_API_URL=http://127.0.0.1:${ESKIZ_PORT}/api`,
  'ESKIZ_EMAIL=e2e@demo.uz',
  'ESKIZ_PASSWORD=e2e-eskiz',
  `PUBLIC_URL=http://127.0.0.1:${E2E_PORT}`,
].join(' ');
/** The payment providers' fakes (e2e/payme-server.ts, click-server.ts): checkout pages that call our server back. */
const PAYME_PORT = E2E_PORT + 97;
const CLICK_PORT = E2E_PORT + 96;
const callbackBase = `http://127.0.0.1:${E2E_PORT}`;
/** The fakes' accounts, seeded into the demo (seed/licence-demo.ts): the platform's and the demo centre's. */
const DEMO_MERCHANTS = JSON.stringify({
  platform: {
    payme: { merchant_id: 'e2e-platform-kassa', key: 'e2e-platform-key' },
    click: { service_id: '900', merchant_id: '901', merchant_user_id: '902', secret_key: 'e2e-platform-click' },
  },
  company: {
    payme: { merchant_id: 'e2e-company-kassa', key: 'e2e-company-key' },
    click: { service_id: '101', merchant_id: '201', merchant_user_id: '301', secret_key: 'e2e-click-secret' },
  },
});
const paymentEnv = [
  `PAYME_CHECKOUT_URL=http://127.0.0.1:${PAYME_PORT}`,
  `CLICK_CHECKOUT_URL=http://127.0.0.1:${CLICK_PORT}/services/pay`,
  `DEMO_MERCHANTS='${DEMO_MERCHANTS}'`,
].join(' ');
/**
 * Telephony (e2e/telephony-calls.spec.ts starts both): the OnlinePBX fake of the API tests, and kamailio's
 * WebSocket the browser registers on (e2e/sip-peer.ts), with sipp on the UDP ports beside it.
 */
export const ONLINEPBX_FAKE_PORT = E2E_PORT + 95;
export const SIP_PORTS = { ws: E2E_PORT + 94, sip: E2E_PORT + 93, answering: E2E_PORT + 92, calling: E2E_PORT + 91 };
const telephonyEnv = [
  `ONLINEPBX_API_URL=http://127.0.0.1:${ONLINEPBX_FAKE_PORT}`,
  `ONLINEPBX_WS_URL=ws://127.0.0.1:${SIP_PORTS.ws}`,
].join(' ');
const dataDir = fileURLToPath(new URL('.artifacts/data', import.meta.url));
/**
 * The web app and the server are built before the server starts (the server runs its compiled output, as in
 * production), so an old dist never tests yesterday's code. CI builds both in its own step just before (.ci/run
 * sets E2E_WEB_BUILT=1), and a second build would only cost time.
 */
const buildWeb = process.env.E2E_WEB_BUILT === '1' ? '' : 'npm run build && ';

/**
 * Drives the real product in Debian's Chromium (never a downloaded browser):
 * one server on a fresh embedded database seeded with the demo companies,
 * reached on demo.localhost and kids.localhost like a customer would.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '.artifacts/results',
  // A test's whole budget. 30 s held on a quiet machine, but the CI machines of late run the same steps two to three
  // times slower (a form builder of ten fields with its screenshots took past 30 s there): the budget allows that.
  timeout: 60_000,
  // The app's first render after a full page load takes ≈2.5 s of main thread on a quiet machine (antd's styles
  // made at run time; issue 18's web part measures and reduces it with Lighthouse) and up to three times that
  // on CI when the server does background work beside the browser on the two cores: seen at 7 s, the old limit.
  // The suite judges behaviour; speed is the bench's to judge.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI only: a test that passes on its retry is reported as flaky (Playwright's summary and
  // .ci/summary.mjs name it), never silently green; locally a failure stops at once.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI_REPORT_DIR ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://demo.localhost:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A microphone for the telephony test's calls, granted without asking.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: [
    {
      command: `E2E_ESKIZ_PORT=${ESKIZ_PORT} npx tsx e2e/eskiz-server.ts`,
      cwd: '..',
      port: ESKIZ_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `E2E_PAYME_PORT=${PAYME_PORT} E2E_CALLBACK_BASE=${callbackBase} npx tsx e2e/payme-server.ts`,
      cwd: '..',
      port: PAYME_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `E2E_CLICK_PORT=${CLICK_PORT} E2E_CALLBACK_BASE=${callbackBase} npx tsx e2e/click-server.ts`,
      cwd: '..',
      port: CLICK_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf ${dataDir} && ${buildWeb}DATA_DIR=${dataDir} PORT=${E2E_PORT} LOG_LEVEL=warn ${smsEnv} ${paymentEnv} ${telephonyEnv} npm run start -w @crm/server`,
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
