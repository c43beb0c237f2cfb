import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { logIn, msg, screenshots } from './support';

/**
 * Issue 15: a students import runs as a background job whose progress the dialog shows as a real progress bar
 * (percent and rows), then the import's answer. The demo administrator imports 2,000 students.
 */

const ROWS = 2_000;
const uz = (key: string, vars?: Record<string, string>) => msg('uz', key, vars);
/**
 * Unique 9-digit numbers 77 xxx xx xx: 77 is no code of the demo's people (seed/users-demo.ts) nor of the other
 * specs, and each run takes its own block of 10,000, so a rerun on the same server imports its rows again.
 */
const phoneBlock = 770_000_000 + Math.floor(Math.random() * 99) * 10_000;
const artifactsDir = fileURLToPath(new URL('.artifacts/', import.meta.url));

/** The file as a person would fill it: the sample's English headers, one student a row. */
async function writeStudentsFile(): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(['Full name', 'Phone', 'Gender']);
  for (let i = 1; i <= ROWS; i++)
    sheet.addRow([`Progress Student ${i}`, String(phoneBlock + i), i % 2 ? 'male' : 'female']);
  const file = `${artifactsDir}import-progress-${phoneBlock}.xlsx`;
  await workbook.xlsx.writeFile(file);
  return file;
}

test('an administrator imports 2,000 students and watches the progress bar reach 100%', async ({ page }) => {
  test.setTimeout(120_000);
  const file = await writeStudentsFile();
  await logIn(page, 'demo', '900000002');
  await page.goto('/students/list');
  await page.getByRole('button', { name: uz('users.import.button') }).click();
  const dialog = page.getByRole('dialog', { name: uz('users.import.title') });
  await dialog.locator('input[type=file]').setInputFiles(file);

  const bar = dialog.getByRole('progressbar', { name: uz('jobs.progress.label') });
  await expect(bar).toBeVisible();
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const percent = Number(await bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== percent) seen.push(percent);
        return percent;
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBe(100);
  console.log(`progress seen: ${seen.join(' → ')} %`);
  // The bar started below full and never went back.
  expect(seen[0]).toBeLessThan(100);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));

  // Rows as the interface writes numbers (the browser's own digits grouping for uz).
  const rows = await page.evaluate((n) => new Intl.NumberFormat('uz').format(n), ROWS);
  await expect(dialog.getByText(uz('jobs.progress.rows', { done: rows, total: rows }))).toBeVisible();
  await expect(
    dialog.getByText(uz('users.import.summary', { imported: String(ROWS), total: String(ROWS) })),
  ).toBeVisible();
  await screenshots(page, 'import-progress-done-uz', { fullPage: false });

  await dialog.getByRole('button', { name: uz('users.import.done') }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel(uz('users.filters.search'), { exact: true }).fill(String(phoneBlock + ROWS));
  await expect(page.getByRole('link', { name: `Progress Student ${ROWS}`, exact: true })).toBeVisible();
});
