import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { companyUrl, logIn, msg } from './support';

const ADMIN = '900000002';
// Spec §6 keeps finance (payments) to the cashier, owner and CEO: the admin is sent to his dashboard there.
const CASHIER = '900000004';

/**
 * axe-core on the screens a new user meets first, in the default theme (light orange) and language (uz):
 * no serious or critical violation of WCAG 2.1 A/AA or axe's best practices. Nothing is excluded.
 */
async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Experimental in axe, so off unless asked: a button's name must contain the text it shows (WCAG 2.5.3).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      where: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `${screen}: serious or critical axe violations`).toEqual([]);
}

/** A table's first rows, given time: a page of 200 students renders slowly on a busy 2-core machine. */
async function tableLoaded(page: Page) {
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
}

test('the log-in page', async ({ page }) => {
  await page.goto(companyUrl('demo', '/auth/login'));
  await expect(page.getByLabel(msg('uz', 'auth.phone'))).toBeVisible();
  await expectNoSeriousViolations(page, 'log-in');
});

test.describe('as the admin', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, 'demo', ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the dashboard', async ({ page }) => {
    await expect(page.getByRole('heading', { name: msg('uz', 'dashboard.todayLessons') })).toBeVisible();
    await expect(page.locator('main .ant-skeleton')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'dashboard');
  });

  test('the student list', async ({ page }) => {
    await page.goto('/students/list');
    await tableLoaded(page);
    await expectNoSeriousViolations(page, 'student list');
  });

  test('a group page', async ({ page }) => {
    await page.goto('/groups/list');
    await page.locator('main a[href^="/groups/"]').first().click();
    await expect(page).toHaveURL(/\/groups\/\d+/);
    // The address changes before the page's code has loaded, and the list (its link under the mouse, in its hover
    // colour) stays on screen meanwhile: wait for the group page itself, and its cards beside the table.
    await expect(page.getByRole('tab', { name: msg('uz', 'groups.page.students') })).toBeVisible({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    await tableLoaded(page);
    await expect(page.locator('main .ant-skeleton')).toHaveCount(0, { timeout: 20_000 });
    await expectNoSeriousViolations(page, 'group page');
  });

  test('the leads board', async ({ page }) => {
    await page.goto('/leads');
    await expect(page.locator('article').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'leads board');
  });
});

test("the cashier's payments page", async ({ page }) => {
  await logIn(page, 'demo', CASHIER);
  await page.goto('/finance/payments');
  await tableLoaded(page);
  await expectNoSeriousViolations(page, 'payments');
});
