import { type Browser, expect, type Page, test } from '@playwright/test';
import { companyUrl, type Lang, logIn, msg, screenshots } from './support';

/**
 * Issue 19's exams in Chromium: the demo student takes today's online test on a phone in Indonesian (his answers
 * saved as he gives them, his ball at once), and an administrator reads the roadmap in Uzbek.
 */
async function pageIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

test('the student, on a phone in Indonesian, takes today’s online test and sees his ball', async ({ browser }) => {
  const id = (key: string, vars?: Record<string, string>) => msg('id', key, vars);
  const page = await pageIn(browser, 'id', 390);
  // The demo student may not have accepted the centre's offer yet (online-fee.spec.ts accepts it): put it off.
  await page.addLocatorHandler(page.getByRole('dialog', { name: id('offer.title') }), async (dialog) => {
    await dialog.getByRole('button', { name: id('offer.accept.later') }).click();
  });
  await logIn(page, 'demo', '900000007', 'id');
  await page.goto(companyUrl('demo', '/courses/lessons'));
  // The demo gives each of his groups an online test today (seed/exams-demo.ts).
  await page.getByRole('link', { name: 'Onlayn test' }).first().click();
  await page.getByRole('button', { name: id('exams.start.start') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: id('exams.start.start') })
    .click();
  // His questions, drawn and shuffled for him, under the countdown.
  await expect(page.getByText(id('exams.attempt.answered', { answered: '0', total: '4' }))).toBeVisible();
  await page.locator('.ant-radio-wrapper').first().click();
  await expect(page.getByText(id('exams.save.saved')).first()).toBeVisible();
  await screenshots(page, 'exams-student-attempt-id', { fullPage: false });
  await page.getByRole('button', { name: id('exams.attempt.handIn') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: id('exams.attempt.handIn') })
    .click();
  await expect(page.getByText(id('exams.result.yourBall'))).toBeVisible();
  await screenshots(page, 'exams-student-ball-id');
  await page.context().close();
});

test('an administrator reads the roadmap in Uzbek: due, done and overdue exams of the branch', async ({ browser }) => {
  const uz = (key: string, vars?: Record<string, string>) => msg('uz', key, vars);
  const page = await pageIn(browser, 'uz', 1440);
  await logIn(page, 'demo', '900000002', 'uz');
  await page.goto(companyUrl('demo', '/roadmap'));
  await expect(page.getByText('Nazorat ishi').first()).toBeVisible();
  await page.getByText(uz('exams.state.overdue'), { exact: false }).first().click();
  await expect(page).toHaveURL(/state=overdue/);
  await expect(page.getByText('Onlayn test')).toHaveCount(0);
  await screenshots(page, 'exams-roadmap-uz');
  await page.context().close();
});
