import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Lang, logIn, msg, screenshots } from './support';

/**
 * Issue 22's screens on the demo centre, whose OnlinePBX account has no real key (no provider is reachable here):
 * the owner's telephony settings keep the key unseen, and the administrator's call log shows the week's calls
 * kept, matched to leads and students, with the notice that OnlinePBX did not answer. (Calling through a real SIP
 * peer is the telephony end-to-end test's part.)
 */
async function pageIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

for (const lang of ['uz', 'ru'] as const) {
  test(`the call log shows the kept calls of the week with who they were (${lang})`, async ({ browser }) => {
    const page = await pageIn(browser, lang, 1440);
    await logIn(page, 'demo', '900000002', lang);
    await page.goto('/call');
    await expect(page.getByText(msg(lang, 'telephony.log.unreachable'))).toBeVisible();
    await expect(page.getByRole('row').nth(3)).toBeVisible();
    await screenshots(page, `telephony-call-log-${lang}`);
    await page.context().close();
  });
}

test('the owner’s telephony settings show the account without its key', async ({ browser }) => {
  const page = await pageIn(browser, 'ru', 1440);
  await logIn(page, 'demo', '900000008', 'ru');
  await page.goto('/admin/voip');
  await expect(page.getByRole('heading', { name: msg('ru', 'telephony.settings.title') }).first()).toBeVisible();
  // The demo's account (demo.onpbx.ru), or the one the SIP test connected when it ran first on this server.
  await expect(page.getByLabel(msg('ru', 'telephony.settings.domain'))).toHaveValue(/^[a-z0-9-]+\.onpbx\.ru$/);
  // The key is kept sealed on the server: the field stays empty, whatever was saved.
  await expect(page.getByLabel(msg('ru', 'telephony.settings.key'))).toHaveValue('');
  await screenshots(page, 'telephony-settings-ru');
  await page.context().close();
});
