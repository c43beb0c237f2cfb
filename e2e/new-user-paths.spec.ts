import { expect, type Page, test } from '@playwright/test';
import { companyUrl, logIn, msg, screenshots } from './support';

/** Issue 13 item 9: what a new user meets first, by role (demo phones 9000000NN, NN the spec §6 role id). */
const ADMIN = '900000002';
const CASHIER = '900000004';
const TEACHER = '900000006';
const STUDENT = '900000007';

/** Every API answer refused with 403 while the page is used (spec §6: the guard decides first). */
function collectRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });
  return refused;
}

test("the cashier's debtors and withdrawals fill their group filter, with no Forbidden notice", async ({ page }) => {
  const refused = collectRefusals(page);
  await logIn(page, 'demo', CASHIER);
  const pages = [
    { path: '/students/debtors', filter: msg('uz', 'debtors.group') },
    { path: '/finance/withdraw', filter: msg('uz', 'financeReports.filters.group_id') },
  ];
  for (const { path, filter } of pages) {
    await page.goto(path);
    await page.getByRole('combobox', { name: filter }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(msg('uz', 'errors.forbidden'))).toHaveCount(0);
  }
  expect(refused).toEqual([]);
});

test('a cashier, teacher or student opening the leads is sent home before any leads call', async ({ page }) => {
  for (const [phone, home] of [
    [CASHIER, /\/user\/profile$/],
    [TEACHER, /\/dashboard$/],
    [STUDENT, /\/user\/profile$/],
  ] as const) {
    await logIn(page, 'demo', phone);
    const refused = collectRefusals(page);
    // A fresh load of the address, as a typed or bookmarked link opens it.
    await page.goto('/leads');
    await expect(page).toHaveURL(home);
    await page.waitForLoadState('networkidle');
    expect(refused, phone).toEqual([]);
    await page.evaluate(() => localStorage.clear());
    page.removeAllListeners('response');
  }
});

test("a student's home is his profile", async ({ page }) => {
  await logIn(page, 'demo', STUDENT);
  await expect(page).toHaveURL(/\/user\/profile$/);
  for (const path of ['/', '/dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/user\/profile$/);
  }
  await expect(page.getByText(msg('uz', 'pages.comingSoon.text'))).toHaveCount(0);
});

test('an unknown address shows "not found" inside the shell, with the menu and a link home', async ({ page }) => {
  await logIn(page, 'demo', ADMIN);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: msg('uz', 'pages.notFound.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('uz', 'nav.students'), exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await screenshots(page, 'not-found-in-shell-uz');
  await page.getByRole('link', { name: msg('uz', 'common.backHome') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a visitor who has not logged in gets "not found" with a link to log in', async ({ page }) => {
  await page.goto(companyUrl('demo', '/no/such/page'));
  await expect(page.getByRole('heading', { name: msg('uz', 'pages.notFound.title') })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await screenshots(page, 'not-found-guest-uz');
  await page.getByRole('link', { name: msg('uz', 'common.toLogIn') }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the bare spec §2 addresses open their pages', async ({ page }) => {
  await logIn(page, 'demo', ADMIN);
  const aliases: [string, RegExp][] = [
    ['/students', /\/students\/list$/],
    ['/teachers', /\/teachers\/list$/],
    ['/finance/debtors', /\/students\/debtors$/],
    ['/groups', /\/groups\/list$/],
    ['/rooms', /\/rooms\/list$/],
    ['/reports', /\/reports\/conversion$/],
  ];
  for (const [path, target] of aliases) {
    await page.goto(path);
    await expect(page, path).toHaveURL(target);
    await expect(page.getByRole('heading', { name: msg('uz', 'pages.notFound.title') })).toHaveCount(0);
  }
});
