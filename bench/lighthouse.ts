import lighthouse, { type Flags } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import e2e from '../e2e/playwright.config.js';
import type { AppServer } from './support.js';

/**
 * Lighthouse in its phone mode (its default: a mid-range phone's screen, a 4× slower CPU and a
 * slow 4G network, simulated) against the app on the bench dataset, in Debian's Chromium,
 * headless: the log-in page, the dashboard and the student list. Each run is a new browser (an
 * empty cache: the first visit). For the two signed-in pages the admin first logs in through
 * the form, as a person would, so the browser keeps the session where the web app keeps it
 * (localStorage, apps/web/src/shared/session); the HTTP cache is then emptied and Lighthouse
 * told to leave the storage alone. puppeteer-core is the one Lighthouse itself drives (its own
 * recipe for pages behind a log-in).
 */

export const LIGHTHOUSE_PAGES = [
  { name: 'log-in page', path: '/auth/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'student list', path: '/students/list', signedIn: true },
] as const;
export type LighthousePageName = (typeof LIGHTHOUSE_PAGES)[number]['name'];

/** Issue 18's targets in phone mode. */
export const LIGHTHOUSE_TARGETS = { score: 90, loginFcpMs: 1_800, studentListTbtMs: 300 } as const;

/** Runs per page (the median is reported): Lighthouse's figures vary from run to run. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseFigures {
  page: LighthousePageName;
  /** Medians over the runs: performance score 0…100, first contentful paint, total blocking time, LCP. */
  score: number;
  fcpMs: number;
  tbtMs: number;
  lcpMs: number;
  /** Lighthouse's measure of the machine's speed at the time (about 1,000 on a fast desktop; lower is slower). */
  benchmarkIndex: number;
  runs: number;
  /** Why Lighthouse could not measure the page, when it could not. */
  error?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function logIn(browser: Browser, origin: string, phone: string) {
  const page = await browser.newPage();
  await page.goto(`${origin}/auth/login`, { waitUntil: 'networkidle0' });
  await page.type('#login-phone', phone);
  await page.type('#login-password', 'demo1234');
  await Promise.all([
    page.waitForFunction("!location.pathname.startsWith('/auth/login')", { timeout: 30_000 }),
    page.click('button[type=submit]'),
  ]);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

async function runOnce(origin: string, target: (typeof LIGHTHOUSE_PAGES)[number], phone: string, flags: Flags) {
  const browser = await puppeteer.launch({
    executablePath: e2e.use?.launchOptions?.executablePath,
    args: e2e.use?.launchOptions?.args?.filter((arg) => arg !== '--headless'),
    headless: true,
    defaultViewport: null,
  });
  try {
    if (target.signedIn) await logIn(browser, origin, phone);
    const page = await browser.newPage();
    const result = await lighthouse(
      `${origin}${target.path}`,
      { onlyCategories: ['performance'], logLevel: 'error', disableStorageReset: target.signedIn, ...flags },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // Signed in, the page must not have been sent back to the log-in form.
    if (target.signedIn && new URL(lhr.finalDisplayedUrl).pathname.startsWith('/auth/login'))
      throw new Error(`${target.path} ended on the log-in page: the session was not kept`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: (lhr.categories.performance?.score ?? 0) * 100,
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      lcpMs: audit('largest-contentful-paint'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.close();
  }
}

/** `flags`: Lighthouse's own, over the defaults (say `extraHeaders: { 'x-no-compression': '1' }` to see the app uncompressed). */
export async function measureLighthouse(
  server: AppServer,
  phone: string,
  flags: Flags = {},
): Promise<LighthouseFigures[]> {
  const origin = `http://${server.host}:${server.port}`;
  const figures: LighthouseFigures[] = [];
  for (const target of LIGHTHOUSE_PAGES) {
    const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
    let error: string | undefined;
    for (let run = 0; run < RUNS && !error; run++) {
      try {
        runs.push(await runOnce(origin, target, phone, flags));
      } catch (thrown) {
        error = (thrown as Error).message.split('\n')[0];
      }
    }
    const of = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
    const row = {
      page: target.name,
      score: of('score'),
      fcpMs: of('fcpMs'),
      tbtMs: of('tbtMs'),
      lcpMs: of('lcpMs'),
      benchmarkIndex: of('benchmarkIndex'),
      runs: runs.length,
      error,
    };
    console.log(
      `  lighthouse ${row.page}: score ${row.score.toFixed(0)}, FCP ${row.fcpMs.toFixed(0)} ms, ` +
        `TBT ${row.tbtMs.toFixed(0)} ms, LCP ${row.lcpMs.toFixed(0)} ms, benchmark index ${row.benchmarkIndex.toFixed(0)} (${row.runs} runs)${error ? `; ${error}` : ''}`,
    );
    figures.push(row);
  }
  return figures;
}
