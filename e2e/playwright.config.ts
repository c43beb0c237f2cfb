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
const dataDir = fileURLToPath(new URL('.artifacts/data', import.meta.url));

/**
 * Drives the real product in Debian's Chromium (never a downloaded browser):
 * one server on a fresh embedded database seeded with the demo companies,
 * reached on demo.localhost and kids.localhost like a customer would.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '.artifacts/results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
      ],
    },
  },
  // Always builds the web app first: an old apps/web/dist would test yesterday's screens.
  webServer: [
    {
      command: `E2E_ESKIZ_PORT=${ESKIZ_PORT} npx tsx e2e/eskiz-server.ts`,
      cwd: '..',
      port: ESKIZ_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf ${dataDir} && npm run build -w @crm/web && DATA_DIR=${dataDir} PORT=${E2E_PORT} LOG_LEVEL=warn ${smsEnv} npm run start -w @crm/server`,
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
