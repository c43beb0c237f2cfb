import { expect, test } from '@playwright/test';
import { companyUrl, logIn, msg, screenshots } from './support';

test('a teacher is refused the rooms page and sent to his home', async ({ page }) => {
  await logIn(page, 'demo', '900000006');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: msg('uz', 'nav.rooms'), exact: true })).toHaveCount(0);
  await page.goto('/rooms/list');
  await expect(page).toHaveURL(/\/dashboard$/);
  await screenshots(page, 'teacher-home-uz');
});

test('the log-in page of an unknown company leads to the error page', async ({ page }) => {
  await page.goto(companyUrl('nosuchcompany', '/auth/login'));
  await expect(page).toHaveURL(/\/error$/);
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  await page.goto(companyUrl('demo', '/auth/login'));
  await page.getByLabel(msg('uz', 'auth.phone')).fill('900000002');
  await page.getByLabel(msg('uz', 'auth.password')).fill('wrong-password');
  await page.getByRole('button', { name: msg('uz', 'auth.submit'), exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(msg('uz', 'errors.wrong_credentials'));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await screenshots(page, 'login-error-uz');
});

test('signing out clears the session', async ({ page }) => {
  await logIn(page, 'demo', '900000001');
  await page.getByRole('button', { name: msg('uz', 'header.userMenu') }).click();
  await page.getByRole('menuitem', { name: msg('uz', 'header.signOut') }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  // Sign-out then reloads the page (nothing of the session stays in memory): a read may meet the reload.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'reloading')).toBeNull();
  await page.goto('/rooms/list');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
