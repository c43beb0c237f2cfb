import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_PORT } from './playwright.config';

type Messages = Record<string, unknown>;
const cache = new Map<string, Messages>();

/** The product's own wording, read from its message files, so tests follow the text users see. */
export function msg(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  let messages = cache.get(lang);
  if (!messages) {
    messages = loadMessages(lang);
    cache.set(lang, messages);
  }
  const value = key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`No message ${lang}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const webSrc = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Messages;

/** The app's file plus every feature's (features/<domain>/messages/<lang>.json), as the web merges them. */
function loadMessages(lang: Lang): Messages {
  const merged = readJson(`${webSrc}i18n/${lang}.json`);
  for (const feature of readdirSync(`${webSrc}features`)) {
    const file = `${webSrc}features/${feature}/messages/${lang}.json`;
    if (existsSync(file)) mergeInto(merged, readJson(file));
  }
  return merged;
}

function mergeInto(target: Messages, patch: Messages) {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (value && typeof value === 'object' && current && typeof current === 'object') {
      mergeInto(current as Messages, value as Messages);
    } else target[key] = value;
  }
}

export const companyUrl = (subdomain: string, path = '/') => `http://${subdomain}.localhost:${E2E_PORT}${path}`;

export type Lang = 'uz' | 'ru' | 'en' | 'id';

/**
 * Logs in through the real form on the company's own host. Until a user picks a
 * language the page speaks the company's (demo: uz, kids: ru).
 */
export async function logIn(page: Page, subdomain: string, phone: string, lang: Lang = 'uz', password = 'demo1234') {
  await page.goto(companyUrl(subdomain, '/auth/login'));
  await page.getByLabel(msg(lang, 'auth.phone')).fill(phone);
  await page.getByLabel(msg(lang, 'auth.password')).fill(password);
  await page.getByRole('button', { name: msg(lang, 'auth.submit'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

const shotsDir = fileURLToPath(new URL('.artifacts/screens/', import.meta.url));

/**
 * Screenshots at the spec's desktop width and a phone width, to look at after the run.
 * With a dialog or drawer open, capture the viewport: a full-page capture misplaces overlays.
 */
export async function screenshots(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shotsDir}${name}-${width}.png`, fullPage });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Picks an option of an antd select (the first one when `option` is not given) and
 * returns its text. The list is virtual (a searchable select is narrowed by typing
 * first), re-renders while a search narrows it and animates open, so a click can land
 * on a row being replaced, or before the list takes clicks, and leave it open: the
 * whole pick is retried until the list has closed.
 */
export async function pickOption(page: Page, select: Locator, option?: string, { search = false } = {}) {
  const openLists = page.locator('.ant-select-dropdown:visible');
  const options = openLists.locator('.ant-select-item-option');
  let picked = '';
  await expect(async () => {
    if ((await openLists.count()) === 0) await select.click();
    if (search && option) {
      await select.fill(option);
      await expect(options.first()).toContainText(option, { timeout: 5_000 });
    }
    const target = option ? options.filter({ hasText: option }).first() : options.first();
    picked = (await target.textContent({ timeout: 2_000 })) ?? '';
    await target.click({ timeout: 2_000 });
    await expect(openLists).toHaveCount(0, { timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
  return picked;
}

/** Types into an antd date or time picker and confirms it. */
export async function typeInto(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** An API call from the signed-in page, with its token, as the web app makes it. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * The demo company's calendar day (`YYYY-MM-DD`, Asia/Tashkent) `offsetDays` from now: what the screens
 * propose as today, which differs from the machine's UTC day after 19:00.
 */
export function demoCompanyDay(offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(at);
}

/** A `YYYY-MM-DD` day as the date pickers take and show it: 05.09.2026. */
export const pickerDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** What a phone received from the SMS operator's fake (e2e/eskiz-server.ts), newest last. */
export async function smsReceivedBy(internationalPhone: string): Promise<{ to: string; text: string }[]> {
  const port = Number(process.env.E2E_ESKIZ_PORT ?? E2E_PORT + 99) + 1;
  const res = await fetch(`http://127.0.0.1:${port}/messages?to=${internationalPhone}`);
  return (await res.json()) as { to: string; text: string }[];
}

/** The six-digit code of the newest SMS to the phone, waiting for it to arrive. */
export async function codeSentTo(internationalPhone: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const received = await smsReceivedBy(internationalPhone);
      code = received.length > after ? received.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

const isoWeekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * A new teacher (password demo1234) and his group in the signed-in admin's first branch, meeting every week on
 * today's weekday all day long — so "today's lesson" has begun whenever a test runs — since `sinceDays` ago.
 */
export async function createAllDayGroup(
  page: Page,
  spec: {
    teacherName: string;
    teacherPhone: string;
    groupName: string;
    sinceDays: number;
    teacherId?: number;
    /** The group meets on the weekday of this many days from today (default today's). */
    dayOffset?: number;
  },
): Promise<{ groupId: number; branchId: number; teacherId: number }> {
  const branchId = (await api<{ data: { id: number }[] }>(page, 'GET', '/branch')).data[0]?.id ?? 0;
  const existing = await api<{ data: { course: { id: number } }[] }>(page, 'GET', `/group?branch_id=${branchId}`);
  // A second group of the same teacher names him instead of making another.
  const teacher = spec.teacherId
    ? { id: spec.teacherId }
    : await api<{ id: number }>(page, 'POST', '/user', {
        user_type: 'teacher',
        name: spec.teacherName,
        phone: spec.teacherPhone,
        branches: [branchId],
        password: 'demo1234',
      });
  const group = await api<{ id: number }>(page, 'POST', '/group', {
    branch_id: branchId,
    course_id: existing.data[0]?.course.id,
    teacher_id: teacher.id,
    room_id: null,
    name: spec.groupName,
    day_type: 'other',
    exact_days: [isoWeekdayOf(demoCompanyDay(spec.dayOffset ?? 0))],
    start_time: '00:00',
    end_time: '23:55',
    start_date: demoCompanyDay(-spec.sinceDays),
  });
  return { groupId: group.id, branchId, teacherId: teacher.id };
}
