import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { jobRecords, smsMessages, users } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { noonOf } from '../billing/billing-test-world.js';
import { dispatchAutoSms, runAutoSmsDay } from './auto-run.js';
import { createSmsWorld, type SmsWorld } from './sms-test-world.js';

/**
 * Spec §9 automatic SMS on the debtors world (600 000 sum a month, March charged on Saturday 15 March 2025),
 * in Tashkent (UTC+5): each rule on a known day, at 9:00 company time, once per student, rule and day.
 */
let database: Database;
let w: SmsWorld;
const people: Record<string, { id: number; name: string; phone: string }> = {};

const enable = (rule: string, text: string, days?: number) =>
  w.admin('PUT', `/auto-sms/${rule}`, { enabled: true, text, ...(days ? { days } : {}) });

const messagesOf = (rule: string) =>
  inCompany(database.db, w.companyId, (tx) =>
    tx
      .select({
        userId: smsMessages.userId,
        text: smsMessages.text,
        state: smsMessages.state,
        phone: smsMessages.phone,
      })
      .from(smsMessages)
      .where(and(eq(smsMessages.companyId, w.companyId), eq(smsMessages.rule, rule))),
  );

beforeAll(async () => {
  database = await openTestDatabase();
  w = await createSmsWorld(database);
  people.debtor = await w.student('Aziz Qarzdor'); // nothing paid: −600 000
  people.zero = await w.student('Farrukh Zero'); // paid 600 000: 0, short of April
  people.paidAhead = await w.student('Gulnora Ahead'); // paid 1 200 000: April covered
  people.archived = await w.student('Xurshid Archived');
  await w.run('2025-03-15');
  await w.pay(people.zero, 600_000, '2025-03-10');
  await w.pay(people.paidAhead, 1_200_000, '2025-03-10');
  await inCompany(database.db, w.companyId, async (tx) => {
    await tx.update(users).set({ birthday: '2012-03-16' }).where(eq(users.id, people.paidAhead!.id));
    await tx
      .update(users)
      .set({ birthday: '2011-03-16', archivedAt: new Date() })
      .where(eq(users.id, people.archived!.id));
  });
});

describe('the daily rules', () => {
  it('are off until switched on, and the page previews tomorrow’s recipients', async () => {
    const rules = await w.admin('GET', '/auto-sms');
    expect(rules.body.data.map((r: { rule: string; enabled: boolean }) => [r.rule, r.enabled])).toEqual([
      ['advance_payment', false],
      ['debtor', false],
      ['balance_not_enough', false],
      ['birthday', false],
      ['payment_done', false],
      ['activation', false],
    ]);
    expect(await runAutoSmsDay(w.app, w.companyId, '2025-03-16')).toBe(0);
    expect((await enable('birthday', "Tug'ilgan kuningiz bilan, {student_name}!")).status).toBe(200);
    const preview = await w.admin('GET', '/auto-sms/birthday/preview');
    expect(preview.body).toMatchObject({ date: '2025-03-16', total: 1 });
    expect(preview.body.data[0]).toMatchObject({
      name: 'Gulnora Ahead',
      text: "Tug'ilgan kuningiz bilan, Gulnora Ahead!",
    });
  });

  it('send the birthday, debtor and not-enough messages once per student, never to the archived', async () => {
    await enable('debtor', '{student_name}, qarzingiz {debt}');
    await enable('balance_not_enough', '{student_name}, balans {balance}');
    const [first, second] = await Promise.all([
      runAutoSmsDay(w.app, w.companyId, '2025-03-16'),
      runAutoSmsDay(w.app, w.companyId, '2025-03-16'),
    ]);
    expect(first + second).toBe(3);
    expect(await runAutoSmsDay(w.app, w.companyId, '2025-03-16')).toBe(0);
    expect((await messagesOf('birthday')).map((m) => m.userId)).toEqual([people.paidAhead?.id]);
    const debtor = await messagesOf('debtor');
    expect(debtor).toEqual([
      expect.objectContaining({ userId: people.debtor?.id, text: 'Aziz Qarzdor, qarzingiz 600 000 UZS' }),
    ]);
    expect((await messagesOf('balance_not_enough')).map((m) => m.userId)).toEqual([people.zero?.id]);
    await w.app.jobs.settle();
    expect(w.eskiz.messages.some((m) => m.text === 'Aziz Qarzdor, qarzingiz 600 000 UZS')).toBe(true);
  });

  it('give the advance notice the set number of days before the next monthly charge', async () => {
    await enable('advance_payment', '{student_name}: {group} uchun toʻlov yaqin', 3);
    await runAutoSmsDay(w.app, w.companyId, '2025-03-28');
    expect(await messagesOf('advance_payment')).toEqual([]);
    await runAutoSmsDay(w.app, w.companyId, '2025-03-29'); // April's charge comes on the 1st
    const notices = (await messagesOf('advance_payment')).map((m) => m.userId).sort();
    const expected = [people.debtor?.id, people.zero?.id, people.paidAhead?.id].sort();
    expect(notices).toEqual(expected);
  });

  it('is queued at 9:00 in the company’s time zone, once a day however often the dispatch runs', async () => {
    const before = (await messagesOf('debtor')).length;
    w.setClock(new Date('2025-03-17T03:59:00Z')); // 08:59 in Tashkent
    expect(await dispatchAutoSms(w.app, [w.companyId])).toBe(0);
    w.setClock(new Date('2025-03-17T04:00:00Z'));
    expect(await dispatchAutoSms(w.app, [w.companyId])).toBe(1);
    expect(await dispatchAutoSms(w.app, [w.companyId])).toBe(0);
    await w.app.jobs.settle();
    expect((await messagesOf('debtor')).length).toBe(before + 1); // the 17th's
    w.setClock(noonOf('2025-03-15'));
  });
});

describe('the event rules', () => {
  it('thank for a payment once, in the company’s currency', async () => {
    await enable('payment_done', '{student_name}, {payment_amount} qabul qilindi');
    const before = (await messagesOf('payment_done')).length;
    await w.pay(people.debtor!, 250_000, '2025-03-15');
    await w.app.jobs.settle();
    const thanks = await messagesOf('payment_done');
    expect(thanks.length - before).toBe(1);
    expect(thanks.at(-1)?.text).toBe('Aziz Qarzdor, 250 000 UZS qabul qilindi');
  });
});

describe('an operator that keeps failing', () => {
  it('is retried, then its messages are errors and the job is a failed record the admin sees', async () => {
    w.eskiz.failNext(50, 500);
    const sent = await w.admin('POST', '/sms/send', {
      audience: { kind: 'students', student_ids: [people.zero!.id] },
      text: 'Retry me',
    });
    expect(sent.status).toBe(200);
    await w.app.jobs.settle(30_000);
    w.eskiz.failNext(0);
    const [message] = await inCompany(database.db, w.companyId, (tx) =>
      tx
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.companyId, w.companyId), eq(smsMessages.text, 'Retry me'))),
    );
    expect(message).toMatchObject({ state: 'error', error: 'sms_provider_unavailable' });
    const failed = await inCompany(database.db, w.companyId, (tx) =>
      tx
        .select()
        .from(jobRecords)
        .where(and(eq(jobRecords.companyId, w.companyId), eq(jobRecords.state, 'failed'))),
    );
    expect(failed).toEqual([expect.objectContaining({ name: 'sms.deliver', attempts: 6 })]);
  });
});
