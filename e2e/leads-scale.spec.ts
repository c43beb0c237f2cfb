import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, logIn, msg, screenshots } from './support';

/**
 * Issue 6 "board open time with 5,000 leads": the demo owner imports 5,000 leads into the demo's
 * SECOND branch (the other specs use the first one), then the board's API answer and its first render
 * in headless Chromium are timed. The times are printed for the note; the bounds asserted are
 * generous on purpose: they only catch a broken or hanging board, not a slow machine.
 */

const LEADS = 5_000;
/** LEAD_FIRST_PAGE_SIZE (packages/contracts/src/leads.ts): the board's first page of each column. */
const FIRST_PAGE_SIZE = 20;
const COLUMNS = ['incoming', 'waiting', 'set'] as const;
const leadName = (index: number) => `Scale Lead ${String(index).padStart(4, '0')}`;
/**
 * Unique valid Uzbek numbers (9 digits) in 93 2xx xx xx. The demo's own leads are 93 1xx xx xx (one every
 * 7,919 numbers, seed/leads-demo.ts) and the other specs use 90/91, so a block here never meets a lead already
 * on the branch (the import skips such a phone). Each run takes its own block of 10,000, so CI's retry imports
 * its leads again instead of finding them all there.
 */
const phoneBlock = 932_000_000 + Math.floor(Math.random() * 99) * 10_000;
const leadPhone = (index: number) => String(phoneBlock + index);

/** The import file as a person would fill it: the sample's headers (uz), one lead a row. */
async function leadsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lidlar');
  sheet.addRow(['Ism', 'Telefon', 'Kurs', 'Manba', 'Izoh']);
  for (let i = 1; i <= LEADS; i++) sheet.addRow([leadName(i), leadPhone(i), '', '', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** A column's scrolling list (a region named by the column), as in leads.spec.ts. */
const column = (page: Page, name: (typeof COLUMNS)[number]) =>
  page.getByRole('region', { name: msg('uz', `leads.columns.${name}`), exact: true });
/** A column's count: the badge beside its title (antd puts the number in the badge's title too). */
const columnCount = (page: Page, name: (typeof COLUMNS)[number]) =>
  page
    .getByRole('heading', { level: 2, name: msg('uz', `leads.columns.${name}`), exact: true })
    .locator('xpath=..')
    .locator('sup[title]');
const card = (page: Page, name: string) =>
  page.getByRole('article', { name: msg('uz', 'leads.dnd.cardLabel', { name }), exact: true });

test('the lead board opens with 5,000 leads in a branch', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, 'demo', '900000008');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const branches = await api<{ data: { id: number }[] }>(page, 'GET', '/branch');
  const secondBranch = branches.data.map((branch) => branch.id).sort((a, b) => a - b)[1];
  if (secondBranch === undefined) throw new Error('the demo has no second branch');

  await test.step('import 5,000 leads into the second branch', async () => {
    const startedAt = Date.now();
    // Node cannot resolve demo.localhost (Chromium can): the upload goes from the page, as the app's own does.
    const xlsx = (await leadsWorkbook()).toString('base64');
    const result = await page.evaluate(
      async ({ branchId, token, xlsx }) => {
        const bytes = Uint8Array.from(atob(xlsx), (char) => char.charCodeAt(0));
        const form = new FormData();
        form.append(
          'file',
          new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
          'scale-leads.xlsx',
        );
        const res = await fetch(`/api/v1/leads/import?branch_id=${branchId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
        // The import runs as a job (issue 15): its result comes with its end.
        const { job_id: jobId } = (await res.json()) as { job_id: string };
        for (;;) {
          const job = await fetch(`/api/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } });
          const body = (await job.json()) as { state: string; error: string | null; result: unknown };
          if (body.state === 'failed') throw new Error(`import failed: ${body.error}`);
          if (body.state === 'done') return body.result as { added: unknown[]; rejected: unknown[] };
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      },
      { branchId: secondBranch, token, xlsx },
    );
    console.log(`import of ${LEADS} leads: ${Date.now() - startedAt} ms, rejected ${result.rejected.length}`);
    expect(result.rejected, 'no row of the file is refused').toEqual([]);
    expect(result.added).toHaveLength(LEADS);
  });

  await test.step('time the board API (GET /leads/?branch_id)', async () => {
    const times = await page.evaluate(
      async ({ branchId, token }) => {
        const times: number[] = [];
        for (let run = 0; run < 5; run++) {
          const started = performance.now();
          const res = await fetch(`/api/v1/leads/?branch_id=${branchId}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (!res.ok) throw new Error(`board: ${res.status}`);
          await res.json();
          times.push(Math.round(performance.now() - started));
        }
        return times;
      },
      { branchId: secondBranch, token },
    );
    console.log(`board API with ${LEADS} leads: median ${median(times)} ms (runs: ${times.join(', ')})`);
    expect(median(times)).toBeLessThan(5_000);
  });

  await test.step('time the board’s first render', async () => {
    await page.evaluate((id) => localStorage.setItem('branch', String(id)), secondBranch);
    const start = Date.now();
    // When the board's answer reached the page: splits the render time into server and browser.
    const boardAskedAt = page
      .waitForRequest((req) => /\/api\/v1\/leads\/\?branch_id=/.test(req.url()))
      .then(() => Date.now() - start);
    const boardAnswerAt = page
      .waitForResponse((res) => /\/api\/v1\/leads\/\?branch_id=/.test(res.url()))
      .then(() => Date.now() - start);
    await page.goto('/leads');
    await expect(column(page, 'incoming').getByRole('article').first()).toBeVisible({ timeout: 15_000 });
    const firstCard = Date.now() - start;
    for (const name of COLUMNS) {
      await expect(columnCount(page, name)).toHaveAttribute('title', /^\d+$/, { timeout: 10_000 });
    }
    const allCounts = Date.now() - start;
    console.log(
      `board first render with ${LEADS} leads: ${firstCard} ms to the first card, ${allCounts} ms to all three counts (board asked at ${await boardAskedAt} ms, answered at ${await boardAnswerAt} ms)`,
    );
    // Generous: the machine is shared (one run under load took 10.5 s); this only catches a hanging board.
    expect(allCounts).toBeLessThan(20_000);
    const incoming = Number(await columnCount(page, 'incoming').getAttribute('title'));
    expect(incoming).toBeGreaterThanOrEqual(LEADS);
    // Imported leads go on top of "incoming" in the file's order.
    await expect(card(page, leadName(1))).toBeVisible();
  });

  await test.step('scrolling "incoming" to its end loads the next page', async () => {
    const list = column(page, 'incoming');
    const before = await list.evaluate((node) => node.scrollHeight);
    await list.evaluate((node) => node.scrollTo({ top: node.scrollHeight }));
    await expect.poll(() => list.evaluate((node) => node.scrollHeight), { timeout: 10_000 }).toBeGreaterThan(before);
    // The list is virtual: only cards near the view exist, and those are now past the first page.
    const lastShown = () =>
      list.evaluate((node) =>
        Math.max(
          0,
          ...Array.from(node.querySelectorAll('[aria-label*="Scale Lead "]'), (el) =>
            Number(el.getAttribute('aria-label')?.match(/Scale Lead (\d+)/)?.[1] ?? 0),
          ),
        ),
      );
    await expect.poll(lastShown).toBeGreaterThan(FIRST_PAGE_SIZE);
  });

  await screenshots(page, 'leads-board-5000');
});
