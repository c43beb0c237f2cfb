import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, demoCompanyDay, type Lang, logIn, msg, pickerDate, screenshots } from './support';

/**
 * Issue 5 "Money" end to end: a cashier takes a payment on a student's profile, prints its
 * receipt and refunds part of it; an admin watches the debtors list follow a write-off and a
 * payment. Demo logins (README): cashier 900000004, admin 900000002.
 */

const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const studentName = `E2E Payer ${suffix}`;
const studentPhone = `91${Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('')}`;
let studentId = 0;

/** A page in a language, with window.print replaced by a counter (a headless print dialog would hang). */
async function pageIn(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => {
    localStorage.setItem('lang', language);
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  }, lang);
  return page;
}

/** A button by its text; an icon before the text adds its own name ("plus Take a payment"). */
const labelled = (text: string) => new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Opens the Balance tab of the student's profile. */
async function openBalance(page: Page, lang: Lang) {
  await page.goto(`/students/profile/${studentId}`);
  await page.getByRole('tab', { name: msg(lang, 'finance.balance.tab') }).click();
  await expect(page.getByTestId('student-balance')).toBeVisible();
}

/** Takes a payment through the profile's dialog and answers the dialog (its success view stays open). */
async function takePayment(page: Page, lang: Lang, amount: string) {
  await page.getByRole('button', { name: labelled(msg(lang, 'finance.pay.open')) }).click();
  const dialog = page.getByRole('dialog', { name: msg(lang, 'finance.pay.title') });
  await dialog.getByLabel(msg(lang, 'finance.form.amount', { currency: 'UZS' })).fill(amount);
  await dialog.getByRole('button', { name: msg(lang, 'finance.pay.submit'), exact: true }).click();
  return dialog;
}

const settled = (page: Page) => expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

test.describe.configure({ mode: 'serial' });
// Each test logs in, books money through the dialogs and takes screenshots at two widths.
test.beforeEach(() => test.setTimeout(120_000));

test('a cashier takes a payment, prints its receipt and refunds part of it', async ({ browser }) => {
  const page = await pageIn(browser, 'uz');
  await logIn(page, 'demo', '900000004', 'uz');
  const branches = await api<{ data: { id: number }[] }>(page, 'GET', '/branch');
  const student = await api<{ id: number }>(page, 'POST', '/user', {
    user_type: 'student',
    name: studentName,
    phone: studentPhone,
    branches: [branches.data[0]?.id],
  });
  studentId = student.id;
  const me = await api<{ name: string }>(page, 'POST', '/auth/me', {});

  await openBalance(page, 'uz');
  const dialog = await takePayment(page, 'uz', '450000');
  await expect(dialog.getByText(msg('uz', 'finance.pay.done', { amount: '450 000 UZS' }))).toBeVisible();
  await screenshots(page, 'money-payment-done-uz', { fullPage: false });
  await dialog.getByRole('button', { name: labelled(msg('uz', 'finance.receipt.print')) }).click();

  await expect(page).toHaveURL(/\/finance\/receipt\/\d+$/);
  const receiptId = page.url().split('/').at(-1) ?? '';
  const receipt = page.getByRole('region', { name: msg('uz', 'finance.receipt.title', { id: receiptId }) });
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('450 000 UZS');
  await expect(receipt).toContainText(studentName);
  await expect(receipt).toContainText(me.name);
  await expect(receipt).toContainText(msg('uz', 'finance.methods.cash'));
  await expect(receipt).toContainText(pickerDate(demoCompanyDay()));
  await page.getByRole('button', { name: labelled(msg('uz', 'finance.receipt.print')) }).click();
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  await screenshots(page, 'money-receipt-uz');

  // Part of the money goes back: the refund asks to confirm the amount and the person first.
  await openBalance(page, 'uz');
  await expect(page.getByTestId('student-balance')).toHaveText('450 000 UZS');
  await page.getByRole('button', { name: labelled(msg('uz', 'finance.refund.open')) }).click();
  const refund = page.getByRole('dialog', { name: msg('uz', 'finance.refund.title') });
  await refund.getByLabel(msg('uz', 'finance.form.amount', { currency: 'UZS' })).fill('150000');
  await refund.getByRole('button', { name: msg('uz', 'finance.refund.submit'), exact: true }).click();
  const confirm = page.getByRole('dialog', {
    name: msg('uz', 'finance.refund.confirm', { amount: '150 000 UZS', name: studentName }),
  });
  // The refund's own answer is checked first: a refusal then names itself instead of a dialog left open.
  const refunded = page.waitForResponse((res) => res.request().method() === 'POST' && /\/refund$/.test(res.url()));
  await confirm.getByRole('button', { name: msg('uz', 'finance.refund.submit'), exact: true }).click();
  const answer = await refunded;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(refund).toBeHidden();
  await expect(page.getByTestId('student-balance')).toHaveText('300 000 UZS');
  await settled(page);
  await screenshots(page, 'money-profile-balance-uz');
  await page.context().close();
});

test('an admin sees a write-off put the student among the debtors and his payment take him off', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'ru');
  await logIn(page, 'demo', '900000002', 'ru');
  const ru = (key: string, vars?: Record<string, string>) => msg('ru', key, vars);
  // 300 000 left from the cashier's test; a 500 000 write-off puts him 200 000 below zero.
  await api(page, 'POST', `/write-off/custom/${studentId}`, {
    amount: 500_000,
    date: demoCompanyDay(),
    comment: 'E2E books',
  });

  await page.goto('/students/debtors');
  await expect(page.getByRole('heading', { name: ru('debtors.title') })).toBeVisible();
  await expect(page.getByTestId('debtors-total')).toBeVisible();
  await settled(page);
  await screenshots(page, 'money-debtors-ru');

  const search = page.getByLabel(ru('debtors.search'), { exact: true });
  await search.fill(studentName);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: studentName, exact: true }) });
  await expect(row).toContainText('-200 000 UZS');
  await expect(page.getByTestId('debtors-total')).toHaveText('200 000 UZS');

  // He pays his debt from the profile the list links to; back on the list he is gone.
  await row.getByRole('link', { name: studentName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/students/profile/${studentId}$`));
  await page.getByRole('tab', { name: ru('finance.balance.tab') }).click();
  const dialog = await takePayment(page, 'ru', '200000');
  await expect(dialog.getByText(ru('finance.pay.done', { amount: '200 000 UZS' }))).toBeVisible();
  await dialog
    .getByRole('button', { name: ru('finance.close'), exact: true })
    .last()
    .click();
  await expect(page.getByTestId('student-balance')).toHaveText('0 UZS');
  await page.goBack();
  await expect(page).toHaveURL(/\/students\/debtors$/);
  await page.getByLabel(ru('debtors.search'), { exact: true }).fill(studentName);
  await expect(page.getByText(ru('debtors.empty.list'))).toBeVisible();

  // The second list: balances that will not cover the next charge (each answer awaited: no dimmed table shot).
  const answered = (list: string) => page.waitForResponse((res) => res.url().includes(`/user/debtors/${list}/`));
  await Promise.all([answered('list'), page.getByLabel(ru('debtors.search'), { exact: true }).fill('')]);
  await Promise.all([answered('not-enough'), page.getByText(ru('debtors.lists.not-enough'), { exact: true }).click()]);
  await expect(page).toHaveURL(/\?list=not-enough$/);
  await expect(page.getByText(ru('debtors.hints.not-enough'))).toBeVisible();
  await settled(page);
  await screenshots(page, 'money-not-enough-ru');
  await page.context().close();
});

test('the debtors page in Uzbek: the debt in lessons of each group', async ({ browser }) => {
  const page = await pageIn(browser, 'uz');
  await logIn(page, 'demo', '900000002', 'uz');
  await page.goto('/students/debtors');
  await expect(page.getByRole('heading', { name: msg('uz', 'debtors.title') })).toBeVisible();
  // The first row with a student (antd's table also has a hidden measuring row).
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .first();
  await expect(first).toBeVisible();
  // The seeded debtors owe whole months of their groups: each group line counts them in lessons.
  await expect(first).toContainText(/\d+ dars/);
  await settled(page);
  await screenshots(page, 'money-debtors-uz');
  await page.context().close();
});
