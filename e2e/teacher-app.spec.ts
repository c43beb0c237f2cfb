import { HistoryEvent } from '@crm/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, createAllDayGroup, demoCompanyDay, logIn, msg, screenshots } from './support';

/**
 * Issue 24, the installable teacher's app: the teacher opens two rolls, loses the connection, reopens the app
 * and marks both lessons — one of which the office cancels meanwhile — then gets the connection back: the held
 * lesson's marks arrive once, and the refused one is shown with the server's reason.
 */
const en = (key: string, vars?: Record<string, string>) => msg('en', key, vars);
const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const teacherPhone = `93${Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('')}`;
const today = demoCompanyDay();
const yesterday = demoCompanyDay(-1);
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** Today's group (held) and yesterday's (the office cancels its lesson while the teacher is offline). */
let held = 0;
let cancelled = 0;
let students: { id: number; name: string }[] = [];

async function englishPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  return page;
}

const roll = (page: Page, date: string) =>
  page.getByRole('list', { name: en('attendance.roll.listLabel', { day: dayMonth(date) }) });
const mark = (page: Page, date: string, name: string, status: 0 | 1) =>
  roll(page, date)
    .getByRole('button', { name: `${name}: ${en(`attendance.mark.${status}`)}` })
    .click();

test.describe.configure({ mode: 'serial' });

test('an admin gives a new teacher a group meeting today and one that met yesterday', async ({ browser }) => {
  const page = await englishPhone(browser);
  await logIn(page, 'demo', '900000002', 'en');
  const first = await createAllDayGroup(page, {
    teacherName: `E2E Offline ${suffix}`,
    teacherPhone,
    groupName: `E2E Held ${suffix}`,
    sinceDays: 14,
  });
  const second = await createAllDayGroup(page, {
    teacherName: '',
    teacherPhone: '',
    teacherId: first.teacherId,
    groupName: `E2E Cancelled ${suffix}`,
    sinceDays: 14,
    dayOffset: -1,
  });
  held = first.groupId;
  cancelled = second.groupId;
  students = (
    await api<{ data: { id: number; name: string }[] }>(
      page,
      'GET',
      `/user?user_type=student&branch_id=${first.branchId}&per_page=3&page=2`,
    )
  ).data;
  for (const group of [held, cancelled]) {
    for (const student of students)
      await api(page, 'POST', `/group/${group}/students/${student.id}`, { created_date: demoCompanyDay(-14) });
  }
  expect(students).toHaveLength(3);
  await page.context().close();
});

test('the teacher marks offline; the held lesson’s marks arrive once and the cancelled one’s is shown refused', async ({
  browser,
}) => {
  // Online, offline, a reload, two rolls, the office's change and the sync: longer than one screen's test.
  test.setTimeout(120_000);
  const [first, second, third] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
  const page = await englishPhone(browser);
  await logIn(page, 'demo', teacherPhone, 'en');
  // Installable: a manifest with the icons Chromium asks for, and a service worker that keeps the app.
  const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((res) => res.json()));
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  // Online once: the app keeps both rolls.
  await page.goto(`/groups/${cancelled}?tab=attendance`);
  await expect(roll(page, yesterday)).toBeVisible();
  await page.goto(`/groups/${held}?tab=attendance`);
  await expect(roll(page, today)).toBeVisible();

  await page.context().setOffline(true);
  await page.reload();
  await expect(roll(page, today)).toBeVisible();
  await expect(page.getByText(en('attendance.offline.noConnection'))).toBeVisible();
  // The group's tasks are not kept: the card says it waits for the connection rather than loading for ever.
  await expect(page.getByText(en('common.waitingForConnection'))).toBeVisible();
  await mark(page, today, first.name, 1);
  await mark(page, today, second.name, 0);
  await expect(page.getByText(en('attendance.offline.waiting', { count: '2' }))).toBeVisible();
  await page.goto(`/groups/${cancelled}?tab=attendance`);
  await mark(page, yesterday, third.name, 1);
  await expect(page.getByText(en('attendance.offline.waiting', { count: '3' }))).toBeVisible();
  await screenshots(page, 'teacher-app-offline');

  // Meanwhile the office cancels yesterday's lesson.
  const office = await englishPhone(browser);
  await logIn(office, 'demo', '900000002', 'en');
  await api(office, 'POST', '/canceled-lesson', { group_id: cancelled, date: yesterday, reason: 'Teacher ill' });

  await page.context().setOffline(false);
  await expect(page.getByText(en('attendance.offline.refusedTitle', { count: '1' }))).toBeVisible();
  await expect(page.getByText(en('errors.lesson_cancelled'))).toBeVisible();
  await expect(page.getByText(en('attendance.offline.waiting', { count: '1' }))).toHaveCount(0);
  await screenshots(page, 'teacher-app-refused');

  // The held lesson's marks arrived, once each.
  const grid = await api<{ students: { id: number; marks: Record<string, number> }[] }>(
    office,
    'GET',
    `/group/${held}/attendance/${today}/${today}?withAttendance=1`,
  );
  const marks = Object.fromEntries(grid.students.map((s) => [s.id, s.marks[today]]));
  expect(marks).toEqual({ [students[0]?.id ?? 0]: 1, [students[1]?.id ?? 0]: 0 });
  const history = await api<{ data: { type: number; data: { date?: string } }[] }>(
    office,
    'GET',
    `/group/${held}/history?per_page=100`,
  );
  expect(history.data.filter((e) => e.type === HistoryEvent.attendanceMarked && e.data.date === today)).toHaveLength(2);
  await office.context().close();
  await page.context().close();
});
