import { expect, test } from '@playwright/test';
import { api, logIn, msg, screenshots } from './support';

/**
 * Issue 17 as the owner lives it: the demo centre's CEO orders six months of the 100–300 band, pays on Payme's
 * checkout page (the local fake, which calls our merchant API as Payme does), comes back to the success page, and
 * the dashboard counts the new days.
 */
interface LicenceAnswer {
  licence: { ends_on: string; days_left: number; max_students: number | null };
}

test('the owner renews the licence through Payme and the dashboard shows the new days left', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await logIn(page, 'demo', '900000001', 'en');
  const before = await api<LicenceAnswer>(page, 'GET', '/licence');

  await page.goto('/billing/order');
  await page.getByText(msg('en', 'licence.band', { min: '100', max: '300' })).click();
  await page.getByText(msg('en', 'licence.months', { count: '6' }), { exact: true }).click();
  await page.getByRole('radio', { name: 'Payme' }).check();
  await expect(page.getByTestId('licence-total')).toContainText('2 160 000');
  await screenshots(page, 'licence-order');
  await page.getByRole('button', { name: msg('en', 'licence.order.payOnline') }).click();

  // Payme's page, on the fake's own host: the amount in sum, and Pay.
  await page.waitForURL(/127\.0\.0\.1/);
  await expect(page.getByText(/2\s?160\s?000/)).toBeVisible();
  await screenshots(page, 'licence-payme-checkout');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the centre's host: the success page waits for the confirmation the callbacks already made.
  await page.waitForURL(/\/entry\/order\/success\//);
  await expect(page.getByText(/^Paid/)).toBeVisible({ timeout: 15_000 });
  await screenshots(page, 'licence-paid');

  const after = await api<LicenceAnswer>(page, 'GET', '/licence');
  expect(after.licence.max_students).toBe(300);
  expect(after.licence.days_left).toBeGreaterThan(before.licence.days_left + 150);
  await page.goto('/dashboard/default');
  await expect(page.getByTestId('licence')).toContainText(`${after.licence.days_left} days left`);

  await page.goto('/billing');
  await expect(page.getByRole('cell', { name: 'payme', exact: false }).first()).toBeVisible();
  await screenshots(page, 'licence-billing');
});
