import { addDays, companyDay, HistoryEvent } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { uniqueSubdomain } from '../../../test/helpers.js';
import { companies, historyEvents, platformSettings, signUpRequests, users } from '../../db/schema/index.js';
import { createCompany } from '../../seed/factories.js';
import { createSignUpWorld } from './sign-up-test-world.js';

const w = await createSignUpWorld();
// Every test from the same address: an hour apart, so the per-address limit never mixes them up.
beforeEach(() => w.later(3601));
// The licence counts the centre's days (Tashkent), not UTC's.
const today = () => companyDay({ country: 'uz' }, w.now());
// A range no other test file uses: on PostgreSQL the files share one database, and users are found by phone.
let phoneSeq = 947_000_000;

const form = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Nur Academy',
  subdomain: uniqueSubdomain('nur'),
  company_type: 'training_center',
  country: 'uz',
  owner_name: 'Nodira Yusupova',
  phone: String(phoneSeq++),
  password: 'Kitob-Olma-2026',
  ...overrides,
});

async function startedSignUp(overrides: Record<string, unknown> = {}) {
  const f = form(overrides);
  const res = await w.api('POST', '/auth/register', f);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { form: f, requestId: res.body.request_id as string, intl: `998${f.phone}`, answer: res.body };
}

describe('the live subdomain check', () => {
  it('names what is wrong with a subdomain, and says when one is free', async () => {
    const taken = uniqueSubdomain('taken');
    await createCompany(w.database.db, { name: 'Old', subdomain: taken, branches: ['A'] });
    const check = async (subdomain: string) =>
      (await w.api('GET', `/auth/register/subdomain?subdomain=${encodeURIComponent(subdomain)}`)).body;
    expect(await check('ab')).toMatchObject({ available: false, problem: 'malformed' });
    expect(await check('nur_academy')).toMatchObject({ available: false, problem: 'malformed' });
    expect(await check('-nur')).toMatchObject({ available: false, problem: 'malformed' });
    expect(await check('admin')).toMatchObject({ available: false, problem: 'reserved' });
    expect(await check('WWW')).toMatchObject({ subdomain: 'www', problem: 'reserved' });
    expect(await check(taken)).toMatchObject({ available: false, problem: 'taken' });
    expect(await check('nur-academy-x1')).toEqual({
      subdomain: 'nur-academy-x1',
      base_domain: 'localhost',
      available: true,
      problem: null,
    });
  });
});

describe('the live check under load', () => {
  it('answers one address at most 60 times a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await w.api('GET', `/auth/register/subdomain?subdomain=load-${i}`)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(60);
  });
});

describe('signing a centre up', () => {
  it('makes nothing before the code, then the company, branch, CEO and trial licence; the handoff logs in once', async () => {
    const { form: f, requestId, intl, answer } = await startedSignUp();
    expect(answer).toMatchObject({
      phone_masked: `*****${f.phone.slice(-4)}`,
      resend_after_seconds: 60,
      expires_in_seconds: 600,
    });
    expect(await w.database.db.select().from(companies).where(eq(companies.subdomain, f.subdomain))).toEqual([]);
    const code = w.codeSentTo(intl);
    expect(code).toMatch(/^\d{6}$/);
    expect(w.eskiz.messages.at(-1)?.text).toContain('Nur Academy');

    const wrong = await w.api('POST', '/auth/register/confirm', {
      request_id: requestId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'verification_code_wrong', details: { attempts_left: 4 } });

    const done = await w.api('POST', '/auth/register/confirm', { request_id: requestId, code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const trialEnd = addDays(today(), 14);
    expect(done.body).toMatchObject({
      subdomain: f.subdomain,
      host: `${f.subdomain}.localhost`,
      licence_ends_on: trialEnd,
    });

    const [company] = await w.database.db.select().from(companies).where(eq(companies.subdomain, f.subdomain));
    expect(company).toMatchObject({ name: 'Nur Academy', licenceEndsOn: trialEnd });
    expect(company?.datas).toMatchObject({
      company_type: 'training_center',
      country: 'uz',
      locale: 'uz',
      onboarded: false,
    });
    const people = await w.database.db
      .select()
      .from(users)
      .where(eq(users.companyId, company?.id ?? 0));
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ name: 'Nodira Yusupova', phone: f.phone, roles: [1] });
    const [signedUp] = await w.database.db
      .select()
      .from(historyEvents)
      .where(eq(historyEvents.companyId, company?.id ?? 0));
    expect(signedUp).toMatchObject({ type: HistoryEvent.companySignedUp, actorId: people[0]?.id });

    // The same code again: spent.
    const again = await w.api('POST', '/auth/register/confirm', { request_id: requestId, code });
    expect(again.body.error.code).toBe('verification_code_expired');

    // The handoff works on the new centre's host only, once.
    const elsewhere = await w.api('POST', '/auth/handoff', { handoff: done.body.handoff }, 'someone-else');
    expect(elsewhere.body.error.code).toBe('handoff_invalid');
    const session = await w.api('POST', '/auth/handoff', { handoff: done.body.handoff }, f.subdomain);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.user).toMatchObject({ name: 'Nodira Yusupova', current_role: 1 });
    expect(session.body.user.company.datas.onboarded).toBe(false);
    expect(session.body.user.branches).toEqual([expect.objectContaining({ name: 'Asosiy filial' })]);
    const replay = await w.api('POST', '/auth/handoff', { handoff: done.body.handoff }, f.subdomain);
    expect(replay.body.error.code).toBe('handoff_invalid');

    const login = await w.api('POST', '/auth/login', { phone: f.phone, password: f.password }, f.subdomain);
    expect(login.status).toBe(200);
  });

  it('refuses an expired code and one tried five times wrong', async () => {
    const expired = await startedSignUp();
    w.later(601);
    const late = await w.api('POST', '/auth/register/confirm', {
      request_id: expired.requestId,
      code: w.codeSentTo(expired.intl),
    });
    expect(late.body.error.code).toBe('verification_code_expired');

    const guessed = await startedSignUp();
    const right = w.codeSentTo(guessed.intl) as string;
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      await w.api('POST', '/auth/register/confirm', { request_id: guessed.requestId, code: wrongCode });
    const spent = await w.api('POST', '/auth/register/confirm', { request_id: guessed.requestId, code: right });
    expect(spent.body.error.code).toBe('verification_code_spent');
  });

  it('sends a new code only a minute after the last; the old one stops working', async () => {
    const { requestId, intl } = await startedSignUp();
    const first = w.codeSentTo(intl) as string;
    const soon = await w.api('POST', '/auth/register/resend', { request_id: requestId });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toMatchObject({ code: 'code_resend_too_soon', details: { retry_after_seconds: 60 } });
    w.later(61);
    const resent = await w.api('POST', '/auth/register/resend', { request_id: requestId });
    expect(resent.status).toBe(200);
    expect(w.smsCountTo(intl)).toBe(2);
    const second = w.codeSentTo(intl) as string;
    if (first !== second) {
      const old = await w.api('POST', '/auth/register/confirm', { request_id: requestId, code: first });
      expect(old.body.error.code).toBe('verification_code_wrong');
    }
    const ok = await w.api('POST', '/auth/register/confirm', { request_id: requestId, code: second });
    expect(ok.status).toBe(200);
  });

  it('refuses taken, reserved and malformed subdomains and common passwords before sending anything', async () => {
    const taken = uniqueSubdomain('busy');
    await createCompany(w.database.db, { name: 'Busy', subdomain: taken, branches: ['A'] });
    const sent = w.eskiz.messages.length;
    expect((await w.api('POST', '/auth/register', form({ subdomain: taken }))).body.error.code).toBe('subdomain_taken');
    expect((await w.api('POST', '/auth/register', form({ subdomain: 'support' }))).body.error.code).toBe(
      'subdomain_reserved',
    );
    expect((await w.api('POST', '/auth/register', form({ subdomain: 'a--b' }))).body.error.code).toBe(
      'subdomain_malformed',
    );
    const weak = await w.api('POST', '/auth/register', form({ password: 'password123' }));
    expect(weak.status).toBe(400);
    expect(weak.body.error.details).toEqual([expect.objectContaining({ field: 'password', rule: 'common_password' })]);
    const shortPhone = await w.api('POST', '/auth/register', form({ phone: '90123' }));
    expect(shortPhone.body.error.details).toEqual([expect.objectContaining({ field: 'phone' })]);
    expect(w.eskiz.messages.length).toBe(sent);
  });

  it('leaves nothing half made when the company cannot be created, and the code stays usable', async () => {
    const { form: f, requestId, intl } = await startedSignUp();
    // Someone takes the subdomain between the form and the code.
    await createCompany(w.database.db, { name: 'Quicker', subdomain: f.subdomain, branches: ['Q'] });
    const res = await w.api('POST', '/auth/register/confirm', { request_id: requestId, code: w.codeSentTo(intl) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('subdomain_taken');
    const owners = await w.database.db.select().from(users).where(eq(users.phone, f.phone));
    expect(owners).toEqual([]);
    const [request] = await w.database.db.select().from(signUpRequests).where(eq(signUpRequests.id, requestId));
    expect(request).toMatchObject({ completedAt: null, companyId: null });
  });

  it('limits sign-ups per phone, answers a robot without sending, and says when the operator fails', async () => {
    const phone = String(phoneSeq++);
    for (let i = 0; i < 3; i++) await startedSignUp({ phone });
    const fourth = await w.api('POST', '/auth/register', form({ phone }));
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('sign_up_limit_reached');

    const robot = form({ website: 'http://spam.example' });
    const fooled = await w.api('POST', '/auth/register', robot);
    expect(fooled.status).toBe(200);
    expect(w.smsCountTo(`998${robot.phone}`)).toBe(0);

    w.eskiz.failNext(3, 500);
    const down = await w.api('POST', '/auth/register', form());
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('sms_code_not_sent');
  });

  it('makes the centre in the language the owner signed up in', async () => {
    const { form: f, requestId, intl } = await startedSignUp({ language: 'en' });
    expect(w.eskiz.messages.at(-1)?.text).toContain('your sign-up code is');
    await w.api('POST', '/auth/register/confirm', { request_id: requestId, code: w.codeSentTo(intl) });
    const [company] = await w.database.db.select().from(companies).where(eq(companies.subdomain, f.subdomain));
    expect(company?.datas).toMatchObject({ country: 'uz', locale: 'en' });
  });

  it('gives the trial the platform sets', async () => {
    await w.database.db.insert(platformSettings).values({ key: 'trial_days', value: 30 });
    const { requestId, intl } = await startedSignUp();
    const done = await w.api('POST', '/auth/register/confirm', { request_id: requestId, code: w.codeSentTo(intl) });
    expect(done.body.licence_ends_on).toBe(addDays(today(), 30));
    await w.database.db.delete(platformSettings).where(eq(platformSettings.key, 'trial_days'));
  });
});
