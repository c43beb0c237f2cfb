import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, companyUrl, demoCompanyDay, type Lang, logIn, msg, screenshots } from './support';

/**
 * Issue 19's course lessons in Chromium: a teacher adds a lesson with a video link and homework to his group,
 * the student opens it on a phone and hands in his answer, the teacher reviews it with a score, the student
 * sees the score. In Uzbek (the teacher) and Indonesian (the student).
 */
const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
const teacherPhone = `93${Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join('')}`;
const groupName = `E2E Lessons ${suffix}`;
const lessonTitle = `Takrorlash ${suffix}`;
const today = demoCompanyDay();
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const STUDENT_PHONE = '900000007';

async function pageIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

/** The demo student may not have accepted the centre's offer yet (online-fee.spec.ts accepts it): put it off. */
async function studentPage(browser: Browser): Promise<Page> {
  const page = await pageIn(browser, 'id', 390);
  await page.addLocatorHandler(page.getByRole('dialog', { name: msg('id', 'offer.title') }), async (dialog) => {
    await dialog.getByRole('button', { name: msg('id', 'offer.accept.later') }).click();
  });
  await logIn(page, 'demo', STUDENT_PHONE, 'id');
  return page;
}

let groupId = 0;
let courseId = 0;
let lessonId = 0;
let studentName = '';
let secondLesson = '';

test.describe.configure({ mode: 'serial' });

test('an admin opens a weekly group for a new teacher, started two weeks ago, with the demo student', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'en', 1440);
  await logIn(page, 'demo', '900000002', 'en');
  const branch = (await api<{ data: { id: number }[] }>(page, 'GET', '/branch')).data[0];
  const groups = await api<{ data: { course: { id: number } }[] }>(page, 'GET', `/group?branch_id=${branch?.id}`);
  courseId = groups.data[0]?.course.id ?? 0;
  const teacher = await api<{ id: number }>(page, 'POST', '/user', {
    user_type: 'teacher',
    name: `E2E Lessons Teacher ${suffix}`,
    phone: teacherPhone,
    branches: [branch?.id],
    password: 'demo1234',
  });
  const group = await api<{ id: number }>(page, 'POST', '/group', {
    branch_id: branch?.id,
    course_id: courseId,
    teacher_id: teacher.id,
    room_id: null,
    name: groupName,
    day_type: 'other',
    exact_days: [isoWeekday(today)],
    start_time: '00:00',
    end_time: '23:55',
    start_date: demoCompanyDay(-14),
  });
  groupId = group.id;
  const found = await api<{ data: { id: number; role: number; name: string }[] }>(
    page,
    'GET',
    `/phone_search?phone=${STUDENT_PHONE}`,
  );
  const student = found.data.find((person) => person.role === 7);
  studentName = student?.name ?? '';
  await api(page, 'POST', `/group/${groupId}/students/${student?.id}`, { created_date: demoCompanyDay(-14) });
  // The course's syllabus (demo data) gives the group's first lessons: two weeks ago, a week ago, today.
  const plan = await api<{ lessons: { title: string }[] }>(page, 'GET', `/group/${groupId}/lessons`);
  secondLesson = plan.lessons[1]?.title ?? '';
  expect(secondLesson).not.toBe('');
  await page.context().close();
});

test('the teacher, in Uzbek, adds a lesson with a video link and homework after the second lesson', async ({
  browser,
}) => {
  const uz = (key: string, vars?: Record<string, string>) => msg('uz', key, vars);
  const page = await pageIn(browser, 'uz', 1280);
  await logIn(page, 'demo', teacherPhone, 'uz');
  await page.goto(companyUrl('demo', `/groups/${courseId}/${groupId}/lessons`));
  await page.getByRole('link', { name: uz('courseLessons.group.add') }).click();
  await page.getByLabel(uz('courseLessons.editor.title'), { exact: true }).fill(lessonTitle);
  await page.getByRole('textbox', { name: uz('courseLessons.editor.body') }).fill('Oʻtgan ikki darsni takrorlaymiz.');
  await page.getByLabel(uz('courseLessons.editor.place')).click();
  await page.getByTitle(uz('courseLessons.editor.after', { position: '2', title: secondLesson })).click();
  await page.getByText(uz('courseLessons.editor.video.link'), { exact: true }).click();
  await page.getByLabel(uz('courseLessons.editor.video.linkLabel')).fill('https://youtu.be/aqz-KE-bpKQ');
  await page.getByRole('switch', { name: uz('courseLessons.editor.homework.label') }).click();
  await page.getByLabel(uz('courseLessons.editor.homework.instructions')).fill('3-mashqni bajaring');
  await screenshots(page, 'course-lessons-teacher-editor-uz');
  await page.getByRole('button', { name: uz('courseLessons.editor.create') }).click();
  // Back on the group's lessons: the new lesson is third, today's.
  const line = page.getByRole('listitem').filter({ hasText: lessonTitle });
  await expect(line).toBeVisible();
  await expect(line).toContainText(uz('courseLessons.group.own'));
  const plan = await api<{ lessons: { id: number; title: string; position: number; date: string }[] }>(
    page,
    'GET',
    `/group/${groupId}/lessons`,
  );
  const added = plan.lessons.find((lesson) => lesson.title === lessonTitle);
  expect(added).toMatchObject({ position: 3, date: today });
  lessonId = added?.id ?? 0;
  await screenshots(page, 'course-lessons-group-uz');
  await page.context().close();
});

test('the student, on a phone in Indonesian, opens the lesson from his course lessons and hands in his answer', async ({
  browser,
}) => {
  const id = (key: string, vars?: Record<string, string>) => msg('id', key, vars);
  const page = await studentPage(browser);
  await page.goto(companyUrl('demo', '/courses/lessons'));
  const card = page.locator('.ant-card').filter({ hasText: groupName });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: lessonTitle }).click();
  await expect(page.getByRole('heading', { name: lessonTitle })).toBeVisible();
  await expect(page.locator('iframe[src*="youtube-nocookie.com/embed/aqz-KE-bpKQ"]')).toHaveCount(1);
  await page.getByRole('textbox', { name: id('courseLessons.answer.text') }).fill(`Jawaban saya ${suffix}`);
  await page.getByRole('button', { name: id('courseLessons.answer.handIn') }).click();
  await expect(page.getByText(id('courseLessons.answer.handedIn')).first()).toBeVisible();
  await screenshots(page, 'course-lessons-student-answer-id');
  await page.context().close();
});

test('the teacher reviews the answer with a 5 and a comment; the student sees it', async ({ browser }) => {
  const uz = (key: string, vars?: Record<string, string>) => msg('uz', key, vars);
  const teacher = await pageIn(browser, 'uz', 1280);
  await logIn(teacher, 'demo', teacherPhone, 'uz');
  await teacher.goto(companyUrl('demo', `/groups/${groupId}/lessons-v2/${courseId}/${lessonId}`));
  await expect(teacher.getByText(`Jawaban saya ${suffix}`)).toBeVisible();
  await teacher.getByLabel(uz('courseLessons.review.scoreOf', { name: studentName })).click();
  await teacher.getByTitle(uz('courseLessons.answer.scoreOutOf', { score: '5', max: '5' })).click();
  await teacher.getByLabel(uz('courseLessons.review.commentOf', { name: studentName })).fill('Barakalla!');
  await teacher.getByRole('button', { name: uz('courseLessons.review.saveOf', { name: studentName }) }).click();
  await expect(teacher.getByText(uz('courseLessons.review.saved', { name: studentName }))).toBeVisible();
  await screenshots(teacher, 'course-lessons-teacher-review-uz');
  await teacher.context().close();

  const id = (key: string, vars?: Record<string, string>) => msg('id', key, vars);
  const student = await studentPage(browser);
  await student.goto(companyUrl('demo', `/groups/${groupId}/lessons-v2/${courseId}/${lessonId}`));
  await expect(
    student.getByText(id('courseLessons.answer.scoreOutOf', { score: '5', max: '5' })).first(),
  ).toBeVisible();
  await expect(student.getByText('Barakalla!')).toBeVisible();
  await screenshots(student, 'course-lessons-student-reviewed-id');
  await student.context().close();
});
