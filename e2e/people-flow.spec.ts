import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoCompanyDay, logIn, msg, pickerDate, pickOption, screenshots, typeInto } from './support';

const en = (key: string, vars?: Record<string, string>) => msg('en', key, vars);

// A short suffix keeps names and phones unique, so a rerun on the same server does not clash.
const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const randomDigits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
/** A 9-digit Uzbek number; seven random digits make a clash with the seeded people very unlikely. */
const uzPhone = (prefix: '91' | '93') => `${prefix}${randomDigits(7)}`;

const course = `E2E Robotics ${suffix}`;
const teacher = `E2E Teacher ${suffix}`;
const group = `E2E Robotics Weekend ${suffix}`;
const students = [`E2E Alpha ${suffix}`, `E2E Bravo ${suffix}`, `E2E Charlie ${suffix}`];

const artifactsDir = fileURLToPath(new URL('.artifacts/', import.meta.url));

/** Picks `option` in the select labelled `label` inside `scope`. */
const choose = (page: Page, scope: Locator, label: string, option: string, search = false) =>
  pickOption(page, scope.getByLabel(label, { exact: true }), option, { search });

/** Fills and saves the person form (student or teacher); the branch is preset to the signed-in branch. */
async function createPerson(page: Page, type: 'student' | 'teacher', name: string, phone: string) {
  await page.getByRole('button', { name: en(`users.actions.add.${type}`) }).click();
  const dialog = page.getByRole('dialog', { name: en(`users.form.createTitle.${type}`) });
  await dialog.getByLabel(en('users.fields.name'), { exact: true }).fill(name);
  await dialog.getByLabel(en('users.fields.phone'), { exact: true }).fill(phone);
  await dialog.getByRole('button', { name: en('common.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en('users.form.created', { name }))).toBeVisible();
}

/** Narrows a people list by name and expects the person's link in it. */
async function expectListed(page: Page, name: string) {
  await page.getByLabel(en('users.filters.search'), { exact: true }).fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

/** A one-row import file with the sample's English headers (the server also reads uz/ru/id headers). */
async function writeImportFile(name: string, phone: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(['Full name', 'Phone', 'Birthday', 'Gender', "Parent's name", "Parent's phone", 'Comment']);
  sheet.addRow([name, phone, '15.03.2012', 'male', `Parent of ${name}`, uzPhone('93'), 'E2E import']);
  const file = `${artifactsDir}people-import-${suffix}.xlsx`;
  await workbook.xlsx.writeFile(file);
  return file;
}

/** Adds a student to the open group page through the add-student dialog, found by typing his name. */
async function addToGroup(page: Page, name: string) {
  await page.getByRole('button', { name: en('groups.students.add') }).click();
  const dialog = page.getByRole('dialog', { name: en('groups.students.addTitle') });
  await pickOption(page, dialog.getByLabel(en('groups.students.search'), { exact: true }), name, { search: true });
  await dialog.getByRole('button', { name: en('common.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(studentRow(page, name)).toBeVisible();
}

const studentRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Opens a student's action menu on the group page and picks one action. */
async function studentAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: en('groups.students.actionsLabel', { name }) }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Activation asks whether to recalculate the balance; we keep the default and confirm. */
async function activate(page: Page, name: string) {
  await studentAction(page, name, en('groups.students.actions.5'));
  const dialog = page.getByRole('dialog', { name: en('groups.students.activateTitle', { name }) });
  await dialog.getByRole('button', { name: en('groups.students.actions.5') }).click();
  await expect(dialog).toBeHidden();
  await expectStatus(page, name, '5');
}

/** Waits until no table is loading, so a screenshot does not catch the dimmed, refreshing list. */
const settled = (page: Page) => expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

const expectStatus = (page: Page, name: string, status: string) =>
  expect(studentRow(page, name)).toContainText(en(`groups.students.status.${status}`));

test('an administrator sets up a course, teacher, group and students, and moves them around', async ({ page }) => {
  test.setTimeout(180_000);
  let targetGroup = '';
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await logIn(page, 'demo', '900000002', 'en');

  await test.step('create a course and see its tile', async () => {
    await page.goto('/courses/list');
    await page
      .getByRole('button', { name: en('courses.add') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: en('courses.createTitle') });
    await dialog.getByLabel(en('courses.name'), { exact: true }).fill(course);
    await dialog.getByLabel(en('courses.code'), { exact: true }).fill('ROB');
    // The price label carries the company currency ("Price, UZS"), so match its start.
    await dialog.getByLabel(new RegExp(`^${en('courses.priceShort')},`)).fill('750000');
    await dialog.getByLabel(en('courses.lessonDuration'), { exact: true }).fill('90');
    await dialog.getByRole('button', { name: en('common.save') }).click();
    await expect(dialog).toBeHidden();
    const tile = page.getByRole('article', { name: course });
    await expect(tile).toContainText('ROB');
    await expect(tile).toContainText(en('courses.minutesShort', { count: '90' }));
  });

  await test.step('create a teacher and see him listed', async () => {
    await page.goto('/teachers/list');
    await createPerson(page, 'teacher', teacher, uzPhone('91'));
    await expectListed(page, teacher);
  });

  await test.step('create a group for them at a free weekend time', async () => {
    await page.goto('/groups/list');
    await page
      .getByRole('button', { name: en('groups.add') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: en('groups.createTitle') });
    await choose(page, dialog, en('groups.fields.course'), course, true);
    await choose(page, dialog, en('groups.fields.teacher'), teacher, true);
    // No room: a new teacher early on a weekend cannot clash with the seeded timetable.
    await dialog.getByLabel(en('groups.fields.name'), { exact: true }).fill(group);
    await choose(page, dialog, en('groups.fields.dayType'), en('groups.dayType.weekend'));
    await typeInto(dialog, en('groups.fields.startTime'), '07:00');
    await typeInto(dialog, en('groups.fields.endTime'), '08:30');
    await typeInto(dialog, en('groups.fields.startDate'), pickerDate(demoCompanyDay(14)));
    await dialog.getByRole('button', { name: en('common.save') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: group })).toBeVisible();
  });

  await test.step('add two students by the form and a third by Excel import', async () => {
    await page.goto('/students/list');
    await createPerson(page, 'student', students[0], uzPhone('91'));
    await createPerson(page, 'student', students[1], uzPhone('91'));

    const file = await writeImportFile(students[2], uzPhone('91'));
    await page.getByRole('button', { name: en('users.import.button') }).click();
    const dialog = page.getByRole('dialog', { name: en('users.import.title') });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(dialog.getByText(en('users.import.summary', { imported: '1', total: '1' }))).toBeVisible();
    await dialog.getByRole('button', { name: en('users.import.done') }).click();
    await expect(dialog).toBeHidden();

    // All three are now in the list; narrowing by the run's suffix shows exactly them.
    await page.getByLabel(en('users.filters.search'), { exact: true }).fill(suffix);
    for (const name of students) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`E2E \\w+ ${suffix}`) })).toHaveCount(3);
    await settled(page);
    await screenshots(page, 'people-students-after-import-en');
  });

  await test.step('add the three students to the group', async () => {
    await page.goto('/groups/list');
    await page.getByRole('link', { name: group }).click();
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
    for (const name of students) {
      await addToGroup(page, name);
      // A new place starts as a trial.
      await expectStatus(page, name, '1');
    }
  });

  await test.step('activate, freeze and activate one student again', async () => {
    const [alpha] = students;
    await activate(page, alpha);
    await studentAction(page, alpha, en('groups.students.actions.4'));
    await expectStatus(page, alpha, '4');
    await activate(page, alpha);
  });

  await test.step('transfer one student to a seeded group', async () => {
    const bravo = students[1];
    await studentAction(page, bravo, en('groups.students.actions.transfer'));
    const dialog = page.getByRole('dialog', { name: en('groups.students.transferTitle', { name: bravo }) });
    // Any running seeded group of the branch will do; the first option is one.
    const picked = await pickOption(page, dialog.getByLabel(en('groups.students.targetGroup'), { exact: true }));
    // Options read "title · teacher · time"; the title is what the student's profile lists.
    targetGroup = picked.split(' · ')[0]?.trim() ?? '';
    expect(targetGroup).not.toBe('');
    await dialog.getByRole('button', { name: en('groups.students.actions.transfer') }).click();
    await expect(dialog).toBeHidden();
    // The old place is archived on the transfer date, so it stays listed as archived.
    await expectStatus(page, bravo, '6');
  });

  await test.step('the group page shows the remaining students with their statuses', async () => {
    await page.reload();
    await expectStatus(page, students[0], '5');
    await expectStatus(page, students[1], '6');
    await expectStatus(page, students[2], '1');
    // Archived places hold no seat: two of the three count, and a group without a room has no limit.
    await expect(page.getByText(en('groups.students.count', { students: '2', capacity: '—' }))).toBeVisible();
    await settled(page);
    await screenshots(page, 'people-group-students-en');
  });

  await test.step("the moved student's profile lists the group he was moved to", async () => {
    await page.getByRole('link', { name: students[1], exact: true }).click();
    await expect(page).toHaveURL(/\/students\/profile\/\d+$/);
    await expect(page.getByRole('link', { name: targetGroup, exact: true })).toBeVisible();
  });
});
