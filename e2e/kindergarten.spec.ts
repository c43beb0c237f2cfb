import { expect, test } from '@playwright/test';
import { logIn, msg, screenshots } from './support';

test('a kindergarten company shows kids and kindergarteners', async ({ page }) => {
  await logIn(page, 'kids', '900000001', 'ru');
  await expect(page.getByRole('link', { name: msg('ru', 'kindergarten.nav.students'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('ru', 'kindergarten.nav.teachers'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('ru', 'nav.students'), exact: true })).toHaveCount(0);
  await screenshots(page, 'kids-dashboard-ru');

  await page.getByRole('button', { name: msg('ru', 'header.language') }).click();
  await page.getByRole('menuitem', { name: msg('ru', 'languages.uz') }).click();
  await expect(page.getByRole('link', { name: msg('uz', 'kindergarten.nav.students'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('uz', 'kindergarten.nav.teachers'), exact: true })).toBeVisible();
  await screenshots(page, 'kids-dashboard-uz');
});
