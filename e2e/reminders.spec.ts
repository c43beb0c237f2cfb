import type { ReminderCounts } from '@crm/contracts';
import { expect, test } from '@playwright/test';
import { api, logIn, msg, pickOption, screenshots } from './support';

/**
 * Issue 15 "Reminders and tasks" end to end: the administrator (900000002) adds a task for today, the
 * header's bell counts it, he ticks it off with a result comment, it moves to the done bucket and the bell
 * counts one less.
 */

test.beforeEach(() => test.setTimeout(120_000));

test('an administrator adds a task for today, sees it in the bell, marks it done with a comment', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await logIn(page, 'demo', '900000002', 'en');

  const counts = await api<ReminderCounts>(page, 'GET', '/reminder/counts');
  const before = counts.today + counts.overdue;
  const bell = page.getByTestId('reminders-badge');
  const bellSays = (count: number) => msg('en', 'reminders.badge.label', { count: String(count) });
  await expect(bell).toHaveAttribute('aria-label', bellSays(before));

  await page.goto('/reminders');
  await expect(page.getByRole('heading', { name: msg('en', 'reminders.title') })).toBeVisible();
  await screenshots(page, 'reminders-en');

  // A new task: its date is today by default; without a time it is due at the start of the working day.
  const title = `Call Ali's parents ${Date.now()}`;
  await page
    .getByRole('button', { name: msg('en', 'reminders.add') })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(msg('en', 'reminders.form.title')).fill(title);
  await dialog.getByLabel(msg('en', 'reminders.form.description')).fill('About the trial lesson on Friday');
  await dialog.getByRole('button', { name: msg('en', 'common.save') }).click();
  await expect(page.getByText(msg('en', 'reminders.saved.created'))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bell).toHaveAttribute('aria-label', bellSays(before + 1));

  // Ticked off with the result.
  await page.getByRole('checkbox', { name: msg('en', 'reminders.item.markDone', { title }) }).click();
  const done = page.getByRole('dialog');
  await done.getByLabel(msg('en', 'reminders.status.comment')).fill('Parents will come on Friday');
  await done.getByRole('button', { name: msg('en', 'reminders.status.submit') }).click();
  await expect(page.getByText(msg('en', 'reminders.saved.done'))).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', bellSays(before));

  // Active tasks no longer hold it; the done bucket does, with its result.
  // (The bell's notice of the task, if its moment has come, names it too: only the buckets are looked at.)
  await expect(page.locator('[data-testid^="bucket-"]').getByText(title)).toHaveCount(0);
  await pickOption(
    page,
    page.getByLabel(msg('en', 'reminders.filters.status')),
    msg('en', 'reminders.filters.statuses.all'),
  );
  const doneBucket = page.getByTestId('bucket-done');
  await expect(doneBucket.getByText(title)).toBeVisible();
  await expect(doneBucket.getByText('Parents will come on Friday', { exact: false })).toBeVisible();
  await screenshots(page, 'reminders-all-en');
  await context.close();
});
