import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { groups, historyEvents, smsAccounts } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createSmsWorld, type SmsWorld } from './sms-test-world.js';

let database: Database;
let w: SmsWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  w = await createSmsWorld(database, { listen: true });
});

const groupAudience = () => ({ kind: 'group' as const, group_id: w.groupId });

describe('writing an SMS to a group', () => {
  it('previews who gets what and how many parts, then sends it through the operator and follows its states', async () => {
    const ali = await w.student('Ali Valiyev');
    const bobur = await w.student('Bobur Karimov');
    const preview = await w.admin('POST', '/sms/preview', {
      audience: groupAudience(),
      text: 'Salom {student_name}! Guruh: {group}',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ messages: 2, parts: 2, skipped: { no_phone: 0, archived: 0, not_own: 0 } });
    expect(preview.body.sample.map((s: { text: string }) => s.text)).toContain('Salom Ali Valiyev! Guruh: EN-1');

    const sent = await w.admin('POST', '/sms/send', {
      audience: groupAudience(),
      text: 'Salom {student_name}! Guruh: {group}',
    });
    expect(sent.body).toMatchObject({ messages: 2, parts: 2 });
    await w.app.jobs.settle();
    const toAli = w.eskiz.messages.find((m) => m.to === `998${ali.phone}`);
    expect(toAli).toMatchObject({ text: 'Salom Ali Valiyev! Guruh: EN-1', from: '4546' });
    expect(w.eskiz.messages.some((m) => m.to === `998${bobur.phone}`)).toBe(true);

    const log = await w.admin('GET', '/sms?search=Ali');
    expect(log.body.data).toEqual([
      expect.objectContaining({ person: { id: ali.id, name: 'Ali Valiyev' }, kind: 'manual', parts: 1 }),
    ]);
    expect(['stored', 'accepted']).toContain(log.body.data[0].state);
    // The operator delivers: its callback reaches our URL and the log shows it.
    await w.eskiz.deliver(toAli?.userSmsId as string, 'DELIVRD');
    const after = await w.admin('GET', '/sms?search=Ali');
    expect(after.body.data[0].state).toBe('delivered');
    // The callback again, or an older word after it: nothing goes backwards.
    await w.eskiz.deliver(toAli?.userSmsId as string, 'TRANSMTD');
    expect((await w.admin('GET', '/sms?search=Ali')).body.data[0].state).toBe('delivered');

    const history = await w.admin('GET', `/user/${ali.id}/sms_history`);
    expect(history.body.data).toHaveLength(1);
    const events = await inCompany(database.db, w.companyId, (tx) =>
      tx.select().from(historyEvents).where(eq(historyEvents.entityId, ali.id)),
    );
    expect(events.some((e) => e.type === 11)).toBe(true);
  });

  it('refuses a callback whose secret is wrong and one of another company', async () => {
    const res = await w.admin('POST', `/sms/callback/${w.companyId}/${'x'.repeat(32)}`, { status: 'DELIVRD' });
    expect(res.status).toBe(404);
  });

  it('sends a repeated request (same Idempotency-Key) once', async () => {
    const { call } = await import('../../../test/helpers.js');
    const body = { audience: groupAudience(), text: 'Ertaga dars yoʻq' };
    const before = w.eskiz.messages.length;
    const headers = { 'idempotency-key': 'sms-once-1' };
    const first = await call(w.app, {
      method: 'POST',
      url: '/api/v1/sms/send',
      sub: w.subdomain,
      token: w.tokens.admin,
      body,
      headers,
    });
    const again = await call(w.app, {
      method: 'POST',
      url: '/api/v1/sms/send',
      sub: w.subdomain,
      token: w.tokens.admin,
      body,
      headers,
    });
    expect(again.body).toEqual(first.body);
    await w.app.jobs.settle();
    expect(w.eskiz.messages.length - before).toBe(first.body.messages);
    // ʻ makes it UCS-2: still one part at this length.
    expect(first.body.parts).toBe(first.body.messages);
  });

  it('refuses unknown variables, an empty audience and a cashier', async () => {
    const unknown = await w.admin('POST', '/sms/send', { audience: groupAudience(), text: 'Hi {studnet_name}' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('sms_unknown_variable');
    const empty = await w.admin('POST', '/sms/send', {
      audience: { kind: 'group', group_id: await w.createGroup() },
      text: 'Hi',
    });
    expect(empty.body.error.code).toBe('sms_no_recipients');
  });
});

describe('the monthly limit and the bonus (spec §8)', () => {
  const setAllowance = (values: { monthlyLimit: number; bonusTotal: number; bonusUsed?: number }) =>
    inCompany(database.db, w.companyId, (tx) =>
      tx
        .update(smsAccounts)
        .set({ bonusUsed: 0, ...values })
        .where(eq(smsAccounts.companyId, w.companyId)),
    );

  it('refuses a send over the limit, pays from the bonus, then refuses when the bonus is spent', async () => {
    const log = await w.admin('GET', '/sms');
    const used = log.body.usage.month_parts as number;
    await setAllowance({ monthlyLimit: used, bonusTotal: 0 });
    const over = await w.admin('POST', '/sms/send', { audience: groupAudience(), text: 'Limit' });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('sms_monthly_limit');

    const students = (await w.admin('POST', '/sms/preview', { audience: groupAudience(), text: 'x' })).body.messages;
    await setAllowance({ monthlyLimit: used, bonusTotal: students });
    const fromBonus = await w.admin('POST', '/sms/send', { audience: groupAudience(), text: 'Bonus' });
    expect(fromBonus.status).toBe(200);
    const settings = await w.admin('GET', '/sms/settings');
    expect(settings.body.usage).toMatchObject({ bonus_left: 0, own_operator: false });

    const spent = await w.admin('POST', '/sms/send', { audience: groupAudience(), text: 'Again' });
    expect(spent.body.error.code).toBe('sms_bonus_exhausted');
    await setAllowance({ monthlyLimit: 100_000, bonusTotal: 0 });
  });
});

describe('teachers (spec §6)', () => {
  it('may not write unless the company allows it, and then only to his own students', async () => {
    const users = w.users as NonNullable<typeof w.users>;
    const closed = await w.teacher('POST', '/sms/send', { audience: groupAudience(), text: 'Uy vazifasi' });
    expect(closed.status).toBe(403);
    expect(closed.body.error.code).toBe('sms_teachers_not_allowed');

    const allow = await w.admin('PUT', '/sms/settings', { teachers_may_send: true });
    expect(allow.status).toBe(403); // the settings are the owner's and CEO's (and a branch director's)
    expect((await w.ceo('PUT', '/sms/settings', { teachers_may_send: true })).status).toBe(200);

    const notHis = await w.teacher('POST', '/sms/send', { audience: groupAudience(), text: 'Uy vazifasi' });
    expect(notHis.body.error.code).toBe('sms_not_own_students');
    await inCompany(database.db, w.companyId, (tx) =>
      tx.update(groups).set({ teacherId: users.teacher.id }).where(eq(groups.id, w.groupId)),
    );
    const own = await w.teacher('POST', '/sms/send', { audience: groupAudience(), text: 'Uy vazifasi' });
    expect(own.status).toBe(200);
    expect(own.body.messages).toBeGreaterThan(0);
    expect((await w.teacher('GET', '/sms')).status).toBe(403); // the log is the SMS area's
    await w.ceo('PUT', '/sms/settings', { teachers_may_send: false });
  });

  it('keeps the company’s own operator credentials out of every answer', async () => {
    const res = await w.ceo('PUT', '/sms/settings', {
      own_provider: { provider: 'eskiz', email: 'own@centre.uz', password: 'very-secret-pw' },
    });
    expect(res.status).toBe(200);
    expect(res.body.own_provider).toBe('eskiz');
    expect(JSON.stringify(res.body)).not.toContain('very-secret-pw');
    const history = await w.ceo('GET', '/history?per_page=5');
    expect(JSON.stringify(history.body)).not.toContain('very-secret-pw');
    await w.ceo('PUT', '/sms/settings', { own_provider: null });
  });
});
