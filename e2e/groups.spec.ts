import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn, msg, pickOption, screenshots, typeInto } from './support';

const en = (key: string, vars?: Record<string, string>) => msg('en', key, vars);

/** Picks `option` in the select labelled `label` inside `scope`. */
const choose = (page: Page, scope: Locator, label: string, option: string, search = false) =>
  pickOption(page, scope.getByLabel(label, { exact: true }), option, { search });

async function fillGroup(page: Page, dialog: Locator, room: string) {
  await choose(page, dialog, en('groups.fields.course'), 'Python', true);
  await choose(page, dialog, en('groups.fields.teacher'), 'Ergasheva', true);
  await choose(page, dialog, en('groups.fields.room'), room);
  await choose(page, dialog, en('groups.fields.dayType'), en('groups.dayType.weekend'));
  await typeInto(dialog, en('groups.fields.startTime'), '20:00');
  await typeInto(dialog, en('groups.fields.endTime'), '21:30');
  await typeInto(dialog, en('groups.fields.startDate'), '01.12.2026');
}

test('an administrator creates a group, is refused a clashing one, and sees it in the timetable', async ({ page }) => {
  // Two dialogs of five pickers each and the timetable: about 30 s on a loaded two-core machine.
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await logIn(page, 'demo', '900000002', 'en');
  await page.goto('/groups/list');

  await page
    .getByRole('button', { name: en('groups.add') })
    .first()
    .click();
  let dialog = page.getByRole('dialog', { name: en('groups.createTitle') });
  await fillGroup(page, dialog, 'IT Lab');
  await dialog.getByLabel(en('groups.fields.name'), { exact: true }).fill('E2E Weekend Python');
  await dialog.getByRole('button', { name: msg('en', 'common.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'E2E Weekend Python' })).toBeVisible();

  // The same room at the same time is refused with the spec's message naming the group.
  await page
    .getByRole('button', { name: en('groups.add') })
    .first()
    .click();
  dialog = page.getByRole('dialog', { name: en('groups.createTitle') });
  await fillGroup(page, dialog, 'IT Lab');
  await dialog.getByRole('button', { name: msg('en', 'common.save') }).click();
  await expect(dialog.getByText(/already occupied by a group/)).toContainText('E2E Weekend Python');
  await screenshots(page, 'group-conflict-en', { fullPage: false });
  await dialog.getByRole('button', { name: msg('en', 'common.cancel') }).click();

  await page.getByRole('button', { name: msg('en', 'timetable.open') }).click();
  const timetable = page.getByRole('dialog', { name: msg('en', 'timetable.title') });
  await timetable.getByRole('tab', { name: msg('en', 'timetable.tabs.other') }).click();
  await expect(timetable.getByText('E2E Weekend Python')).toBeVisible();
  await screenshots(page, 'timetable-en', { fullPage: false });
});
