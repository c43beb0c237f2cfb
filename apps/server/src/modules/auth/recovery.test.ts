import { HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAs, uniqueSubdomain } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { createCompanyWithRoleUsers, createUser, DEMO_PASSWORD } from '../../seed/factories.js';
import { createSignUpWorld } from '../registration/sign-up-test-world.js';

/** Issue 16: password recovery by a code sent to the phone, within the company of the host. */
const w = await createSignUpWorld();
const company = await createCompanyWithRoleUsers(w.database.db, {
  name: 'Recovery',
  subdomain: uniqueSubdomain('recover'),
  branches: ['R'],
});
const sub = company.subdomain;
let phoneSeq = 941_000_000;
// An hour apart: the per-address limit belongs to one test at a time.
beforeEach(() => w.later(3601));

async function teacherWithPhone() {
  const phone = String(phoneSeq++);
  const id = await createUser(w.database.db, company.id, {
    name: 'Said Aliyev',
    phone,
    roles: [6],
    branchIds: company.branchIds,
  });
  return { id, phone, intl: `998${phone}` };
}

/** The code arrives after the answer (the answer never waits for the operator): wait for the phone. */
async function codeFor(intl: string): Promise<string> {
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = w.codeSentTo(intl);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!code) throw new Error(`no code reached ${intl}`);
  return code;
}

describe('password recovery', () => {
  it('sets a new password with the code and ends every session of that person', async () => {
    const teacher = await teacherWithPhone();
    const oldToken = await loginAs(w.app, sub, teacher.phone);
    const asked = await w.api('POST', '/auth/forgot-password', { phone: `+998 ${teacher.phone}` }, sub);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      phone_masked: `*****${teacher.phone.slice(-4)}`,
      resend_after_seconds: 60,
      expires_in_seconds: 600,
    });
    const code = await codeFor(teacher.intl);
    expect(w.eskiz.messages.at(-1)?.text).toContain('Recovery');

    const wrong = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: teacher.phone, code: code === '000000' ? '111111' : '000000', password: 'Yangi-Parol-77' },
      sub,
    );
    expect(wrong.body.error).toMatchObject({ code: 'verification_code_wrong', details: { attempts_left: 4 } });

    const reset = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: teacher.phone, code, password: 'Yangi-Parol-77' },
      sub,
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const withOld = await w.app.inject({
      method: 'POST',
      url: '/api/v1/auth/me',
      headers: { host: `${sub}.localhost`, authorization: `Bearer ${oldToken}` },
    });
    expect(withOld.statusCode).toBe(401);
    const oldPassword = await w.api('POST', '/auth/login', { phone: teacher.phone, password: DEMO_PASSWORD }, sub);
    expect(oldPassword.body.error.code).toBe('wrong_credentials');
    expect(await loginAs(w.app, sub, teacher.phone, 'Yangi-Parol-77')).toBeTruthy();
    const events = await w.database.db
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, company.id), eq(historyEvents.type, HistoryEvent.passwordReset)));
    expect(events.map((e) => e.entityId)).toEqual([teacher.id]);

    const reused = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: teacher.phone, code, password: 'Boshqa-Parol-88' },
      sub,
    );
    expect(reused.body.error.code).toBe('verification_code_expired');
  });

  it('answers an unknown phone exactly as a known one, and sends it nothing', async () => {
    const known = await teacherWithPhone();
    const unknown = String(phoneSeq++);
    const a = await w.api('POST', '/auth/forgot-password', { phone: known.phone }, sub);
    const b = await w.api('POST', '/auth/forgot-password', { phone: unknown }, sub);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(Object.keys(b.body)).toEqual(Object.keys(a.body));
    expect(b.body.resend_after_seconds).toBe(a.body.resend_after_seconds);
    await codeFor(known.intl);
    expect(w.smsCountTo(`998${unknown}`)).toBe(0);
    // Its limits run the same: a second ask at once is refused for both.
    const again = await w.api('POST', '/auth/forgot-password', { phone: unknown }, sub);
    expect(again.body.error.code).toBe('code_resend_too_soon');
    const reset = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: unknown, code: '123456', password: 'Yangi-Parol-77' },
      sub,
    );
    expect(reset.body.error.code).toBe('verification_code_wrong');
  });

  it('sends again only after a minute, five times an hour; a code lasts ten minutes and five tries', async () => {
    const teacher = await teacherWithPhone();
    await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub);
    const soon = await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub);
    expect(soon.status).toBe(429);
    expect(soon.body.error).toMatchObject({ code: 'code_resend_too_soon', details: { retry_after_seconds: 60 } });
    for (let i = 0; i < 4; i++) {
      w.later(61);
      expect((await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub)).status).toBe(200);
    }
    w.later(61);
    const sixth = await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub);
    expect(sixth.body.error.code).toBe('too_many_requests');

    w.later(3601);
    await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub);
    const code = await codeFor(teacher.intl);
    w.later(601);
    const late = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: teacher.phone, code, password: 'Yangi-Parol-77' },
      sub,
    );
    expect(late.body.error.code).toBe('verification_code_expired');

    w.later(61);
    await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub);
    const fresh = await codeFor(teacher.intl);
    const bad = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await w.api('POST', '/auth/reset-password', { phone: teacher.phone, code: bad, password: 'Yangi-Parol-77' }, sub);
    const spent = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: teacher.phone, code: fresh, password: 'Yangi-Parol-77' },
      sub,
    );
    expect(spent.body.error.code).toBe('verification_code_spent');
  });

  it('refuses a common password and an unknown company host', async () => {
    const teacher = await teacherWithPhone();
    await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, sub);
    const code = await codeFor(teacher.intl);
    const weak = await w.api(
      'POST',
      '/auth/reset-password',
      { phone: teacher.phone, code, password: 'qwerty123' },
      sub,
    );
    expect(weak.body.error.details).toEqual([expect.objectContaining({ field: 'password', rule: 'common_password' })]);
    const nowhere = await w.api('POST', '/auth/forgot-password', { phone: teacher.phone }, 'no-such-centre');
    expect(nowhere.status).toBe(404);
  });
});
