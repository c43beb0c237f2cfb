import { expect, test } from '@playwright/test';
import { logIn, msg, screenshots } from './support';

test('an administrator creates, edits and deletes a room', async ({ page }) => {
  await logIn(page, 'demo', '900000002');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: msg('uz', 'nav.rooms'), exact: true }).click();
  await expect(page).toHaveURL(/\/rooms\/list$/);
  await expect(page.getByRole('cell', { name: 'Room 101', exact: true })).toBeVisible();

  await page
    .getByRole('button', { name: msg('uz', 'rooms.add') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: msg('uz', 'rooms.createTitle') });
  // Refused input stays in the form with the reason under the field.
  await create.getByLabel(msg('uz', 'rooms.name')).fill('Robotics');
  await create.getByLabel(msg('uz', 'rooms.capacity')).fill('0');
  await create.getByRole('button', { name: msg('uz', 'common.save') }).click();
  await expect(create.getByText(msg('uz', 'validation.too_small', { limit: '1' }))).toBeVisible();
  await expect(create.getByLabel(msg('uz', 'rooms.name'))).toHaveValue('Robotics');
  await create.getByLabel(msg('uz', 'rooms.capacity')).fill('18');
  await create.getByRole('button', { name: msg('uz', 'common.save') }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Robotics' });
  await expect(row).toContainText('18');
  await screenshots(page, 'rooms-list-uz');

  await page.getByRole('button', { name: msg('uz', 'rooms.editLabel', { name: 'Robotics' }) }).click();
  const edit = page.getByRole('dialog', { name: msg('uz', 'rooms.editTitle') });
  await edit.getByLabel(msg('uz', 'rooms.name')).fill('Robotics Lab');
  await edit.getByLabel(msg('uz', 'rooms.capacity')).fill('20');
  await edit.getByRole('button', { name: msg('uz', 'common.save') }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Robotics Lab' })).toContainText('20');

  await page.getByRole('button', { name: msg('uz', 'rooms.deleteLabel', { name: 'Robotics Lab' }) }).click();
  await expect(page.getByText(msg('uz', 'rooms.deleteQuestion', { name: 'Robotics Lab' }))).toBeVisible();
  await page.getByRole('button', { name: msg('uz', 'common.delete'), exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Robotics Lab' })).toHaveCount(0);

  // Still gone after a reload: the server deleted it, not just the screen.
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Room 101', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Robotics' })).toHaveCount(0);
});

test('switching to Russian translates the menu', async ({ page }) => {
  await logIn(page, 'demo', '900000002');
  await page.goto('/rooms/list');
  await expect(page.getByRole('link', { name: msg('uz', 'nav.rooms'), exact: true })).toBeVisible();
  await page.getByRole('button', { name: msg('uz', 'header.language') }).click();
  await page.getByRole('menuitem', { name: msg('uz', 'languages.ru') }).click();
  await expect(page.getByRole('link', { name: msg('ru', 'nav.rooms'), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('ru', 'nav.dashboard'), exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: msg('ru', 'rooms.title') })).toBeVisible();
  await screenshots(page, 'rooms-list-ru');
});
