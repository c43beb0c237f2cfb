import { type Browser, expect, test } from '@playwright/test';
import {
  api,
  companyUrl,
  createAllDayGroup,
  demoCompanyDay,
  logIn,
  msg,
  pickerDate,
  screenshots,
  typeInto,
} from './support';

const en = (key: string, vars?: Record<string, string>) => msg('en', key, vars);
const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const teacherName = `E2E Tutor ${suffix}`;
const teacherPhone = `91${Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('')}`;
const groupName = `E2E Weekly ${suffix}`;

const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

const today = demoCompanyDay();
const nextWeek = demoCompanyDay(7);
const inTwoWeeks = demoCompanyDay(14);
const movedTo = demoCompanyDay(15);

async function englishPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  return page;
}

let groupId = 0;
const studentNames: string[] = [];

test.describe.configure({ mode: 'serial' });

test('an admin sets up a weekly group meeting today with a new teacher and three students', async ({ browser }) => {
  const page = await englishPage(browser, 1440);
  await logIn(page, 'demo', '900000002', 'en');
  const created = await createAllDayGroup(page, { teacherName, teacherPhone, groupName, sinceDays: 21 });
  groupId = created.groupId;
  const students = await api<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `/user?user_type=student&branch_id=${created.branchId}&per_page=3`,
  );
  for (const student of students.data) {
    await api(page, 'POST', `/group/${groupId}/students/${student.id}`, { created_date: demoCompanyDay(-21) });
    studentNames.push(student.name);
  }
  expect(studentNames).toHaveLength(3);
  await page.context().close();
});

test("a teacher on a phone opens today's lesson from his home and marks three students, one absent", async ({
  browser,
}) => {
  const page = await englishPage(browser, 390);
  await logIn(page, 'demo', teacherPhone, 'en');
  await expect(page.getByText(en('dashboard.todayLessons'))).toBeVisible();
  await page.getByRole('button', { name: en('dashboard.markLabel', { group: groupName }) }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${groupId}\\?tab=attendance`));

  const roll = page.getByRole('list', { name: en('attendance.roll.listLabel', { day: dayMonth(today) }) });
  await expect(roll).toBeVisible();
  const [first, second, third] = studentNames as [string, string, string];
  await roll.getByRole('button', { name: `${first}: ${en('attendance.mark.1')}` }).click();
  await roll.getByRole('button', { name: `${second}: ${en('attendance.mark.0')}` }).click();
  await roll.getByRole('button', { name: `${third}: ${en('attendance.mark.1')}` }).click();
  await expect(page.getByText(en('attendance.roll.marked', { marked: '3', total: '3' }))).toBeVisible();

  // The marks are kept: after a reload the roll still counts them.
  await page.reload();
  await expect(page.getByText(en('attendance.roll.marked', { marked: '3', total: '3' }))).toBeVisible();
  await screenshots(page, 'attendance-teacher-roll');
  await page.context().close();
});

test("an admin cancels next week's lesson and moves the one after; the grid and the timetable show both", async ({
  browser,
}) => {
  // Two lesson dialogs, the grid and the timetable: near 30 s on a loaded two-core machine.
  test.setTimeout(90_000);
  const page = await englishPage(browser, 1440);
  await logIn(page, 'demo', '900000002', 'en');

  await page.goto(companyUrl('demo', `/groups/${groupId}?tab=attendance&date=${nextWeek}`));
  const column = (date: string) => page.getByRole('button', { name: new RegExp(`^Lesson .*${dayMonth(date)}`) });

  await column(nextWeek).click();
  await page.getByRole('menuitem', { name: en('attendance.actions.cancel') }).click();
  // Titles name the day with its weekday ("Sat 28.11"): match the date part.
  const cancel = page.getByRole('dialog', { name: new RegExp(`${dayMonth(nextWeek)}\\?$`) });
  await cancel.getByLabel(en('attendance.cancel.reason')).fill('Teacher at a seminar');
  await cancel.getByRole('button', { name: en('attendance.actions.cancel') }).click();
  await expect(cancel).toBeHidden();
  await expect(column(nextWeek).getByLabel(en('attendance.lesson.cancelled'))).toBeVisible();

  await page.goto(companyUrl('demo', `/groups/${groupId}?tab=attendance&date=${inTwoWeeks}`));
  await column(inTwoWeeks).click();
  await page.getByRole('menuitem', { name: en('attendance.actions.move') }).click();
  const move = page.getByRole('dialog', { name: new RegExp(dayMonth(inTwoWeeks)) });
  await typeInto(move, en('attendance.move.toDate'), pickerDate(movedTo));
  await move.getByRole('button', { name: en('attendance.actions.move') }).click();
  await expect(move).toBeHidden();
  await page.goto(companyUrl('demo', `/groups/${groupId}?tab=attendance&date=${movedTo}`));
  await expect(column(movedTo)).toContainText(dayMonth(inTwoWeeks));
  await screenshots(page, 'attendance-admin-grid');

  // The timetable on those days: the cancelled lesson struck through, the moved one on its new day.
  await page.getByRole('button', { name: en('timetable.open') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: en('timetable.tabs.date') }).click();
  await typeInto(drawer, en('timetable.date.pick'), pickerDate(nextWeek));
  await expect(drawer.getByText(groupName).first()).toBeVisible();
  await expect(drawer.getByText(en('timetable.lesson.cancelled')).first()).toBeVisible();
  await typeInto(drawer, en('timetable.date.pick'), pickerDate(movedTo));
  await expect(drawer.getByText(groupName).first()).toBeVisible();
  await expect(drawer.getByText(en('timetable.lesson.moved')).first()).toBeVisible();
  await screenshots(page, 'attendance-timetable-moved', { fullPage: false });
  await page.context().close();
});
