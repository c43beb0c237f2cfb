import { type Dashboard, historyEventLabel } from '@crm/contracts';
import { type Browser, expect, test } from '@playwright/test';
import { api, demoCompanyDay, type Lang, logIn, msg, screenshots } from './support';

/**
 * Issue 14 end to end: the owner reads the dashboard and follows its debtors counter to the same count,
 * takes a payment and finds its sentence in History; a teacher's dashboard holds his own figures.
 * Demo logins (README): owner 900000008, teacher 900000006.
 */

async function pageIn(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

test.describe.configure({ mode: 'serial' });
test.beforeEach(() => test.setTimeout(120_000));

test('the owner clicks the debtors counter and lands on the debtors list with the same count', async ({ browser }) => {
  const page = await pageIn(browser, 'uz');
  await logIn(page, 'demo', '900000008', 'uz');
  await page.goto('/dashboard');
  const debtors = page.getByTestId('counter-debtors');
  const count = (await debtors.locator('.ant-statistic-content-value').textContent())?.trim() ?? '';
  expect(Number(count)).toBeGreaterThan(0);
  await expect(page.getByTestId('licence')).toBeVisible();
  await screenshots(page, 'dashboard-owner-uz');
  await debtors.getByRole('link').click();
  await expect(page).toHaveURL(/\/students\/debtors$/);
  await expect(page.getByText(msg('uz', 'debtors.count', { count }), { exact: true })).toBeVisible();
});

test('the owner takes a payment and reads its sentence in History filtered to payments', async ({ browser }) => {
  const page = await pageIn(browser, 'ru');
  await logIn(page, 'demo', '900000008', 'ru');
  const branches = await api<{ data: { id: number }[] }>(page, 'GET', '/branch');
  const students = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `/user?user_type=student&branch_id=${branches.data[0]?.id}&per_page=1`,
  );
  const student = students.data[0];
  if (!student) throw new Error('the demo branch has no student');
  await api(page, 'POST', '/payment', {
    student_id: student.id,
    group_id: null,
    amount: 453_000,
    method: 'cash',
    date: demoCompanyDay(),
  });
  await page.goto('/history');
  // The event-type filter takes several types: its list stays open after a pick.
  const payments = historyEventLabel('balanceTopUp', 'ru');
  const types = page.getByLabel(msg('ru', 'history.filters.type'));
  await types.click();
  await types.fill(payments);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: payments })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/type=/);
  // Sums keep their digits together with non-breaking spaces.
  const sentence = new RegExp(`оплату\\s453\\s000\\sUZS\\sот студента\\s${student.name}`);
  // The sentence's names and sums are links and bold parts: the line as a whole reads it.
  await expect(page.getByRole('listitem').filter({ hasText: sentence }).first()).toBeVisible();
  await screenshots(page, 'history-owner-ru');
});

test("a teacher's dashboard shows his own groups and students, without money or leads", async ({ browser }) => {
  const page = await pageIn(browser, 'ru');
  await logIn(page, 'demo', '900000006', 'ru');
  const figures = await api<Dashboard>(page, 'GET', '/dashboard');
  expect(figures.scope).toBe('teacher');
  await page.goto('/dashboard');
  await expect(page.getByTestId('counter-activeGroups')).toContainText(String(figures.groups.active));
  await expect(page.getByTestId('counter-activeStudents')).toContainText(String(figures.students.active));
  await expect(page.getByTestId('counter-debtors')).toHaveCount(0);
  await expect(page.getByTestId('counter-newLeads')).toHaveCount(0);
  await expect(page.getByText(msg('ru', 'dashboard.money.title'))).toHaveCount(0);
  await screenshots(page, 'dashboard-teacher-ru');
});
