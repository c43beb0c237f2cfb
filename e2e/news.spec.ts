import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Lang, logIn, msg, pickOption, screenshots } from './support';

/**
 * Issue 20's news blog in Chromium: an administrator posts news for the teachers (in Uzbek, on a laptop); the
 * demo teacher finds it unread on his phone (in Russian), opens it, and it is read from then on.
 */
const title = `Metodik yigʻilish ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

async function pageIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

test.describe.configure({ mode: 'serial' });

test('an administrator posts news for the teachers', async ({ browser }) => {
  const page = await pageIn(browser, 'uz', 1440);
  await logIn(page, 'demo', '900000002', 'uz');
  await page.goto('/blog/news');
  await page.getByRole('link', { name: msg('uz', 'blog.add') }).click();
  await page.getByRole('textbox', { name: msg('uz', 'blog.form.title') }).fill(title);
  await page.getByRole('textbox', { name: msg('uz', 'blog.form.body') }).fill('Shanba kuni 10:00 da, 101-xonada.');
  await pickOption(
    page,
    page.getByRole('combobox', { name: msg('uz', 'blog.form.audience') }),
    msg('uz', 'blog.audience.teachers'),
  );
  await screenshots(page, 'news-editor-uz');
  await page.getByRole('button', { name: msg('uz', 'blog.form.publish') }).click();
  await expect(page.getByText(msg('uz', 'blog.form.published'))).toBeVisible();
  await page.goto('/blog/news');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await screenshots(page, 'news-list-admin-uz');
});

test('the teacher sees it unread on his phone, opens it, and it is read', async ({ browser }) => {
  const page = await pageIn(browser, 'ru', 390);
  await logIn(page, 'demo', '900000006', 'ru');
  await page.goto('/blog/news');
  const card = page.locator('.ant-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(card.getByText(msg('ru', 'blog.unread'))).toBeVisible();
  await screenshots(page, 'news-list-teacher-ru-390');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByText('Shanba kuni 10:00 da, 101-xonada.')).toBeVisible();
  await screenshots(page, 'news-post-teacher-ru-390');
  await page.getByRole('link', { name: msg('ru', 'blog.back') }).click();
  await expect(card.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(card.getByText(msg('ru', 'blog.unread'))).toHaveCount(0);
});
