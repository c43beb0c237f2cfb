import { type ChildAttendance, type ChildOverview, HistoryEvent, type ParentChildren, Role } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createUser } from '../../seed/factories.js';
import { createLessonsWorld } from '../lessons/lessons-test-world.js';
import { createSignUpWorld } from '../registration/sign-up-test-world.js';

/**
 * Issue 24, parents' accounts: the parent phone on students' records makes one parent for siblings, he logs in
 * with a code by SMS, and reads his own children — never another student, not even a classmate.
 */
const w = await createSignUpWorld(new Date('2026-11-26T09:00:00Z'));
const l = await createLessonsWorld(w.app, w.database.db);
const [first, second, classmate] = l.students as [number, number, number];
const PARENT_PHONE = '991112233';
const api = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(w.app, { method, url: `/api/v1${url}`, sub: l.sub, token, body });

async function codeFor(intl: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = w.codeSentTo(intl);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code reached ${intl}`);
}

async function logInByCode(phone: string) {
  const before = w.smsCountTo(`998${phone}`);
  const asked = await api(undefined, 'POST', '/auth/login-code', { phone });
  expect(asked.status).toBe(200);
  for (let i = 0; i < 100 && w.smsCountTo(`998${phone}`) === before; i++) await new Promise((r) => setTimeout(r, 20));
  const code = await codeFor(`998${phone}`);
  const res = await api(undefined, 'POST', '/auth/login-code/verify', { phone, code });
  return { res, code };
}

let parentToken: string;

beforeAll(async () => {
  for (const id of [first, second]) {
    const saved = await api(l.tokens.admin, 'PUT', `/user/${id}`, {
      parent_name: 'Nodira Karimova',
      parent_phone: `+998 ${PARENT_PHONE}`,
    });
    expect(saved.status).toBe(200);
  }
  await api(l.tokens.admin, 'POST', '/attendance', {
    student_id: first,
    group_id: l.group,
    date: '2026-11-18',
    status: 1,
  });
  await api(l.tokens.admin, 'POST', '/attendance', {
    student_id: first,
    group_id: l.group,
    date: '2026-11-20',
    status: 0,
  });
  await api(l.tokens.admin, 'POST', '/attendance', {
    student_id: classmate,
    group_id: l.group,
    date: '2026-11-18',
    status: 0,
  });
});

describe('parents from the students’ records', () => {
  it('makes one parent for siblings with the same parent phone, shown on each profile', async () => {
    const parents = await api(l.tokens.admin, 'GET', `/user/${first}/parents`);
    expect(parents.status).toBe(200);
    expect(parents.body.data).toHaveLength(1);
    expect(parents.body.data[0]).toMatchObject({ name: 'Nodira Karimova', phone: PARENT_PHONE, has_password: false });
    expect(parents.body.data[0].other_children.map((c: { id: number }) => c.id)).toEqual([second]);
    const found = await api(
      l.tokens.admin,
      'GET',
      `/parents/by-phone?phone=${encodeURIComponent(`+998${PARENT_PHONE}`)}`,
    );
    expect(found.body.parent.children.map((c: { id: number }) => c.id).sort()).toEqual([first, second].sort());
    const nobody = await api(l.tokens.admin, 'GET', '/parents/by-phone?phone=991119999');
    expect(nobody.body).toEqual({ parent: null });
  });

  it('refuses an administrator of another branch the parents of a student (he does not reach him)', async () => {
    const phone = '991119001';
    await createUser(w.database.db, l.company.id, {
      name: 'North Admin',
      phone,
      roles: [Role.admin],
      branchIds: [l.north],
    });
    const northAdmin = await loginAs(w.app, l.sub, phone);
    const res = await api(northAdmin, 'GET', `/user/${first}/parents`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Nodira Karimova');
  });

  it('refuses a teacher the parents of a student (students area)', async () => {
    expect((await api(l.tokens.teacher, 'GET', `/user/${first}/parents`)).status).toBe(403);
  });
});

describe('log-in by a code sent to the phone', () => {
  it('logs the parent in with the code, once', async () => {
    const { res, code } = await logInByCode(PARENT_PHONE);
    expect(res.status).toBe(200);
    expect(res.body.user.current_role).toBe(12);
    parentToken = res.body.access_token;
    const again = await api(undefined, 'POST', '/auth/login-code/verify', { phone: PARENT_PHONE, code });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('verification_code_expired');
  });

  it('counts a wrong code and never lets a password-reset code log in', async () => {
    w.later(61);
    await api(undefined, 'POST', '/auth/forgot-password', { phone: PARENT_PHONE });
    const resetCode = await codeFor(`998${PARENT_PHONE}`);
    const withReset = await api(undefined, 'POST', '/auth/login-code/verify', { phone: PARENT_PHONE, code: resetCode });
    expect(withReset.status).toBe(400);
    w.later(61);
    await api(undefined, 'POST', '/auth/login-code', { phone: PARENT_PHONE });
    const code = await codeFor(`998${PARENT_PHONE}`);
    const wrong = await api(undefined, 'POST', '/auth/login-code/verify', {
      phone: PARENT_PHONE,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('verification_code_wrong');
  });

  it('answers the same for a phone no parent has, and sends nothing to it', async () => {
    w.later(61);
    const teacherPhone = '900000006';
    const sentBefore = w.smsCountTo(`998${teacherPhone}`);
    const asked = await api(undefined, 'POST', '/auth/login-code', { phone: teacherPhone });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ resend_after_seconds: 60, expires_in_seconds: 600 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(w.smsCountTo(`998${teacherPhone}`)).toBe(sentBefore);
  });
});

describe('a parent reads his own children only', () => {
  it('lists his children with their balances and groups', async () => {
    const res = await api(parentToken, 'GET', '/parent/children');
    expect(res.status).toBe(200);
    const children = res.body as ParentChildren;
    expect(children.data.map((c) => c.id).sort()).toEqual([first, second].sort());
    expect(children.data[0]?.groups[0]?.title).toBe('Morning English');
  });

  it('shows a child’s week of lessons and his month of marks', async () => {
    const page = await api(parentToken, 'GET', `/parent/children/${first}`);
    expect(page.status).toBe(200);
    const overview = page.body as ChildOverview;
    expect(overview.today).toBe('2026-11-26');
    // Odd days (Mon, Wed, Fri) from Thursday 26 November: the 27th, 30th and 2 December.
    expect(overview.lessons.map((lesson) => lesson.date)).toEqual(['2026-11-27', '2026-11-30', '2026-12-02']);
    const month = (await api(parentToken, 'GET', `/parent/children/${first}/attendance?month=2026-11`))
      .body as ChildAttendance;
    expect(month.present).toBe(1);
    expect(month.absent).toBe(1);
    expect(month.lessons.find((lesson) => lesson.date === '2026-11-20')?.mark).toBe(0);
  });

  it('knows nothing of a classmate of his child (404), nor of his child’s classmates in his pages', async () => {
    expect((await api(parentToken, 'GET', `/parent/children/${classmate}`)).status).toBe(404);
    expect((await api(parentToken, 'GET', `/parent/children/${classmate}/attendance?month=2026-11`)).status).toBe(404);
    const page = await api(parentToken, 'GET', `/parent/children/${first}`);
    expect(JSON.stringify(page.body)).not.toContain('Charos Student');
    // The staff's pages of the classmate stay closed to him.
    expect((await api(parentToken, 'GET', `/user/${classmate}`)).status).toBe(403);
    expect((await api(parentToken, 'GET', `/user/${classmate}/grades`)).status).toBe(403);
    expect((await api(parentToken, 'GET', `/online-payments/checkouts?student_id=${classmate}`)).status).toBe(403);
  });

  it('may open a payment for his child only (the provider is not set up here: refused for that reason)', async () => {
    const own = await api(parentToken, 'POST', '/online-payments/checkouts', {
      student_id: first,
      amount: 100_000,
      provider: 'payme',
    });
    expect(own.status).toBe(422);
    expect(own.body.error.code).toBe('payment_provider_not_configured');
    const other = await api(parentToken, 'POST', '/online-payments/checkouts', {
      student_id: classmate,
      amount: 100_000,
      provider: 'payme',
    });
    expect(other.status).toBe(403);
  });

  it('loses a child whose record names another parent phone (history says who unlinked)', async () => {
    const moved = await api(l.tokens.admin, 'PUT', `/user/${second}`, { parent_phone: '991114455' });
    expect(moved.status).toBe(200);
    const children = (await api(parentToken, 'GET', '/parent/children')).body as ParentChildren;
    expect(children.data.map((c) => c.id)).toEqual([first]);
    expect((await api(parentToken, 'GET', `/parent/children/${second}`)).status).toBe(404);
    const events = await inCompany(w.database.db, l.company.id, (tx) =>
      tx
        .select({ data: historyEvents.data })
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.parentLinked), eq(historyEvents.entityId, second))),
    );
    expect(events.map((e) => (e.data as { change: string }).change).sort()).toEqual(['linked', 'linked', 'unlinked']);
  });
});
