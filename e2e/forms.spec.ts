import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { api, companyUrl, type Lang, logIn, msg, pickOption, screenshots } from './support';

/**
 * Issue 20's forms in Chromium: the demo marketer builds a form with every field type on a laptop (English) and
 * publishes it; a visitor answers it on a phone (Uzbek, 390 px) from an Instagram link; the marketer reads the
 * answer and the NPS summary. Then a landing page with an embedded lead form turns a visitor into a lead on the
 * administrator's board.
 */
const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const formTitle = `Feedback ${suffix}`;
const MARKETER = '900000005';

async function pageIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

const rows = (page: Page) => page.locator('[data-field-row]');

/** Adds a field of a type from the palette and names it; choices get two options. */
async function addField(page: Page, type: string, label: string, options: string[] = []) {
  await page.getByLabel(msg('en', 'forms.builder.addType', { type: msg('en', `forms.types.${type}`) })).click();
  const row = rows(page).last();
  const labelBox =
    type === 'text'
      ? row.getByLabel(msg('en', 'forms.builder.paragraph'), { exact: true })
      : type === 'section'
        ? row.getByLabel(msg('en', 'forms.builder.sectionTitle'))
        : row.getByLabel(msg('en', 'forms.builder.question'), { exact: true });
  await labelBox.fill(label);
  for (const [i, option] of options.entries()) {
    await row.getByText(msg('en', 'forms.builder.addOption')).click();
    await row.getByLabel(msg('en', 'forms.builder.option', { number: String(i + 1) }), { exact: true }).fill(option);
  }
  return row;
}

let formId = 0;

test.describe.configure({ mode: 'serial' });

test('the marketer builds a form with every field type and publishes it', async ({ browser }) => {
  const page = await pageIn(browser, 'en', 1440);
  await logIn(page, 'demo', MARKETER, 'en');
  await page.goto('/form/create');
  await page.getByLabel(msg('en', 'forms.settings.formTitle'), { exact: true }).fill(formTitle);
  await addField(page, 'short_answer', 'Your name');
  await addField(page, 'text', 'It takes two minutes.');
  await addField(page, 'one_of_list', 'Your course', ['English', 'IT']);
  await addField(page, 'several_of_list', 'What did you like?', ['Teacher', 'Room', 'Timetable']);
  await addField(page, 'dropdown', 'How did you find us?', ['Instagram', 'Friends']);
  await addField(page, 'section', 'A little more');
  await addField(page, 'long_answer', 'What would you change?');
  await addField(page, 'email', 'E-mail');
  await addField(page, 'phone', 'Phone');
  const nps = await addField(page, 'nps', 'Would you recommend us?');
  await nps.getByRole('switch').click();
  await page
    .getByRole('button', { name: msg('en', 'common.save') })
    .first()
    .click();
  await expect(page.getByText(msg('en', 'forms.builder.saved'))).toBeVisible();
  await expect(page).toHaveURL(/\/form\/edit\/\d+$/);
  formId = Number(/\/form\/edit\/(\d+)/.exec(page.url())?.[1]);
  await page
    .getByRole('button', { name: msg('en', 'forms.actions.publish') })
    .first()
    .click();
  await expect(page.getByText(msg('en', 'forms.builder.publishedNote'))).toBeVisible();
  await expect(page.getByLabel(msg('en', 'forms.sharing.address'), { exact: true })).toHaveValue(
    new RegExp(`/entry/form/${formId}$`),
  );
  await screenshots(page, 'form-builder-en');
});

/** An answer's input by its question (the label's own id names every input). */
const question = (page: Page, label: string): Locator =>
  page.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });

test('a visitor answers it on a phone, from an Instagram link', async ({ browser }) => {
  const page = await pageIn(browser, 'uz', 390);
  await page.goto(companyUrl('demo', `/entry/form/${formId}?utm_source=instagram&utm_campaign=autumn`));
  await expect(page.getByText(formTitle)).toBeVisible();
  await screenshots(page, 'form-public-uz-390');
  // Sent empty: the required NPS is asked for, nothing leaves.
  await page.getByRole('button', { name: msg('uz', 'forms.public.send') }).click();
  await expect(page.getByText(msg('uz', 'forms.answerErrors.required')).first()).toBeVisible();
  await question(page, 'Your name').getByRole('textbox').fill('Aziza');
  await question(page, 'Your course').getByText('IT', { exact: true }).click();
  await question(page, 'What did you like?').getByText('Teacher').click();
  await question(page, 'What did you like?').getByText('Timetable').click();
  await pickOption(page, question(page, 'How did you find us?').locator('.ant-select'), 'Instagram');
  await question(page, 'What would you change?').getByRole('textbox').fill('More speaking practice');
  await question(page, 'E-mail').getByRole('textbox').fill('not-an-email');
  await question(page, 'Would you recommend us?').getByText('9', { exact: true }).click();
  await page.getByRole('button', { name: msg('uz', 'forms.public.send') }).click();
  await expect(page.getByText(msg('uz', 'forms.answerErrors.email_invalid'))).toBeVisible();
  await question(page, 'E-mail').getByRole('textbox').fill('aziza@example.uz');
  await page.getByRole('button', { name: msg('uz', 'forms.public.send') }).click();
  await expect(page.getByText(msg('uz', 'forms.public.thanksTitle'))).toBeVisible();
  await screenshots(page, 'form-public-thanks-uz-390');
});

test('the marketer reads the answer and the NPS summary', async ({ browser }) => {
  const page = await pageIn(browser, 'ru', 1440);
  await logIn(page, 'demo', MARKETER, 'ru');
  await page.goto(`/form/info/${formId}`);
  const table = page.getByRole('table');
  await expect(table.getByText('More speaking practice')).toBeVisible();
  await expect(table.getByText('aziza@example.uz')).toBeVisible();
  await expect(page.getByText('instagram').first()).toBeVisible();
  // One answer of 9: one promoter, an NPS of +100.
  const score = page.locator('.ant-statistic').filter({ hasText: msg('ru', 'forms.report.npsScore') });
  await expect(score).toContainText('+100');
  await expect(page.getByLabel(msg('ru', 'forms.report.spreadItem', { score: '9', count: '1' }))).toBeVisible();
  await screenshots(page, 'form-info-ru');
});

test('a landing page’s lead form puts the visitor on the administrator’s board', async ({ browser }) => {
  const admin = await pageIn(browser, 'uz', 1440);
  await logIn(admin, 'demo', '900000002', 'uz');
  const branch = (await api<{ data: { id: number }[] }>(admin, 'GET', '/branch')).data[0]?.id;
  const lead = await api<{ id: number }>(admin, 'POST', '/form', {
    kind: 'lead',
    title: `Sinov darsi ${suffix}`,
    branch_id: branch,
    fields: [
      { key: 'name', type: 'short_answer', label: 'Ismingiz', required: true },
      { key: 'phone', type: 'phone', label: 'Telefon', required: true },
    ],
  });
  await api(admin, 'POST', `/form/${lead.id}/publish`, { published: true });
  const slug = `kuz-${suffix.toLowerCase()}`;
  await api(admin, 'POST', '/landing-pages', {
    slug,
    locale: 'uz',
    title: `Kuzgi qabul ${suffix}`,
    published: true,
    blocks: [
      { type: 'hero', heading: 'Kuzgi qabul ochiq', text: 'Birinchi dars bepul', button: 'Yozilish' },
      { type: 'courses', heading: 'Kurslar' },
      { type: 'lead_form', heading: 'Soʻrov qoldiring', form_id: lead.id },
    ],
  });

  const visitor = await pageIn(browser, 'uz', 390);
  await visitor.goto(companyUrl('demo', `/landing-page/${slug}`));
  await expect(visitor.getByRole('heading', { name: 'Kuzgi qabul ochiq' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Yozilish' }).click();
  const form = visitor.frameLocator('iframe.form');
  const visitorName = `Landing Mehmon ${suffix}`;
  await form.getByLabel('Ismingiz').fill(visitorName);
  await form.getByLabel('Telefon').fill('90 555 12 34');
  await screenshots(visitor, 'landing-page-uz-390');
  await form.getByRole('button', { name: msg('uz', 'forms.public.send') }).click();
  await expect(form.getByText(msg('uz', 'forms.public.thanksTitle'))).toBeVisible();

  await admin.goto('/leads');
  await expect(admin.getByText(visitorName)).toBeVisible();
});

test('the forms area’s other screens, for the marketer on a phone, and the log-in page’s look for a visitor', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'uz', 390);
  await logIn(page, 'demo', MARKETER, 'uz');
  const screens = [
    ['/form/list', 'forms.area.list'],
    ['/form/lead-form', 'forms.leadForms.title'],
    ['/form/landing-pages', 'landingPages.title'],
    ['/form/login-form', 'loginLook.title'],
  ] as const;
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: msg('uz', heading), exact: true }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: msg('uz', 'forms.area.label') })).toBeVisible();
    await screenshots(page, `forms-area-${path.split('/').pop()}-uz`);
  }
  await page.getByRole('link', { name: msg('uz', 'forms.area.landingPages') }).click();
  await page.getByRole('link', { name: /qabul/ }).first().click();
  await expect(page.getByText('Kurslar').first()).toBeVisible();
  await screenshots(page, 'landing-editor-uz');

  // The demo's welcome text (seed/forms-demo.ts) greets a visitor on the log-in page, in his language.
  const visitor = await pageIn(browser, 'ru', 390);
  await visitor.goto('/auth/login');
  await expect(visitor.getByText('Добро пожаловать!')).toBeVisible();
  await screenshots(visitor, 'login-look-ru');
});
