import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, createAllDayGroup, demoCompanyDay, type Lang, logIn, msg, screenshots } from './support';

/**
 * Issue 21's gamification in Chromium, on the demo centre (gamification on, 5 coins for each lesson attended): a new
 * teacher marks today's lesson on his phone and the log-in student, present, gains his coins; the student orders a
 * product in his shop on a phone and reads his 5-digit code; an administrator hands it over with that code.
 */
const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const teacherPhone = `93${Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('')}`;
const groupName = `E2E Coins ${suffix}`;
const today = demoCompanyDay();
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

let studentId = 0;
let studentName = '';
let groupId = 0;
let ordered = { id: 0, code: '', product: '' };

async function pageIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

/** The demo student may not have accepted the centre's offer yet (online-fee.spec.ts accepts it): put it off. */
async function asStudent(page: Page, lang: Lang) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: msg(lang, 'offer.title') }), async (dialog) => {
    await dialog.getByRole('button', { name: msg(lang, 'offer.accept.later') }).click();
  });
  await logIn(page, 'demo', '900000007', lang);
}

const balanceOf = async (page: Page, id: number) =>
  (await api<{ balance: number }>(page, 'GET', `/gamification/coins/${id}`)).balance;

test.describe.configure({ mode: 'serial' });

test('a teacher marks today’s lesson on his phone, and the present student gains his coins', async ({ browser }) => {
  test.setTimeout(90_000);
  const student = await pageIn(browser, 'uz', 390);
  await asStudent(student, 'uz');
  const me = await api<{ id: number; name: string }>(student, 'POST', '/auth/me', {});
  studentId = me.id;
  studentName = me.name;
  await student.context().close();

  const admin = await pageIn(browser, 'uz', 1440);
  await logIn(admin, 'demo', '900000002', 'uz');
  ({ groupId } = await createAllDayGroup(admin, {
    teacherName: `E2E Coach ${suffix}`,
    teacherPhone,
    groupName,
    sinceDays: 21,
  }));
  await api(admin, 'POST', `/group/${groupId}/students/${studentId}`, { created_date: demoCompanyDay(-21) });
  const before = await balanceOf(admin, studentId);

  const page = await pageIn(browser, 'uz', 390);
  await logIn(page, 'demo', teacherPhone, 'uz');
  await page.getByRole('button', { name: msg('uz', 'dashboard.markLabel', { group: groupName }) }).click();
  const roll = page.getByRole('list', { name: msg('uz', 'attendance.roll.listLabel', { day: dayMonth(today) }) });
  await roll.getByRole('button', { name: `${studentName}: ${msg('uz', 'attendance.mark.1')}` }).click();
  await expect(page.getByText(msg('uz', 'attendance.roll.marked', { marked: '1', total: '1' }))).toBeVisible();
  await screenshots(page, 'gamification-teacher-marks-uz');
  await expect.poll(() => balanceOf(admin, studentId)).toBe(before + 5);

  // The group page's coin column shows it to the administrator.
  await admin.goto(`/groups/${groupId}`);
  await expect(admin.getByRole('columnheader', { name: msg('uz', 'gamification.column') })).toBeVisible();
  await screenshots(admin, 'gamification-group-coins-uz');
  await page.context().close();
  await admin.context().close();
});

for (const lang of ['uz', 'ru'] as const) {
  test(`the student orders a product on his phone and reads his code (${lang})`, async ({ browser }) => {
    const page = await pageIn(browser, lang, 390);
    await asStudent(page, lang);
    await page
      .getByRole('link', { name: msg(lang, 'nav.shop') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/shop/);
    const shop = await api<{ products: { name: string; affordable: boolean; in_stock: boolean; price: number }[] }>(
      page,
      'GET',
      '/gamification/shop',
    );
    const product = shop.products.find((p) => p.affordable && p.in_stock);
    expect(product, 'the demo student can afford something').toBeTruthy();
    await screenshots(page, `gamification-shop-${lang}`);
    await page.getByRole('button', { name: msg(lang, 'gamification.shop.orderOf', { name: product!.name }) }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: msg(lang, 'gamification.shop.order') })
      .click();
    const placed = page.getByRole('dialog', { name: msg(lang, 'gamification.shop.placed', { name: product!.name }) });
    await expect(placed.getByText(msg(lang, 'gamification.shop.showCode'))).toBeVisible();
    const label = await placed.getByLabel(/\d{5}/).first().getAttribute('aria-label');
    const code = label?.match(/\d{5}/)?.[0] ?? '';
    expect(code).toMatch(/^\d{5}$/);
    await screenshots(page, `gamification-order-code-${lang}`, { fullPage: false });
    const mine = await api<{ orders: { id: number; code: string | null }[] }>(page, 'GET', '/gamification/shop');
    const order = mine.orders.find((o) => o.code === code);
    expect(order).toBeTruthy();
    ordered = { id: order!.id, code, product: product!.name };
    await page.context().close();
  });
}

test('an administrator hands the product over with the student’s code', async ({ browser }) => {
  const page = await pageIn(browser, 'ru', 1440);
  await logIn(page, 'demo', '900000002', 'ru');
  await page.goto('/gamification/orders');
  await page
    .getByRole('button', {
      name: msg('ru', 'gamification.orders.confirmOf', { product: ordered.product, name: studentName }),
    })
    .first()
    .click();
  const dialog = page.getByRole('dialog', {
    name: msg('ru', 'gamification.orders.confirmTitle', { product: ordered.product }),
  });
  await dialog.getByRole('textbox').first().click();
  await page.keyboard.type(ordered.code);
  await screenshots(page, 'gamification-confirm-code-ru', { fullPage: false });
  await dialog.getByRole('button', { name: msg('ru', 'gamification.orders.confirm') }).click();
  await expect(page.getByText(msg('ru', 'gamification.orders.confirmed', { product: ordered.product }))).toBeVisible();
  const list = await api<{ data: { id: number; status: number; responsible: { name: string } | null }[] }>(
    page,
    'GET',
    '/gamification/orders?status=1',
  );
  expect(list.data.find((o) => o.id === ordered.id)?.status).toBe(1);
  await screenshots(page, 'gamification-orders-ru');
  await page.goto('/gamification/shop-panel');
  await screenshots(page, 'gamification-shop-panel-ru');
  await page.context().close();
});
