import { HistoryEvent } from '@crm/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createStudent } from '../../seed/users-factories.js';
import { nextPhone } from '../groups/groups-test-world.js';
import { atTashkent, clock } from '../lessons/lessons-test-world.js';
import { coinsForHomework } from './coin-rules.js';
import { coinsOfTheDayFor } from './daily.js';
import { createGamificationWorld, type GamificationWorld } from './gamification-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: GamificationWorld;

beforeAll(async () => {
  w = await createGamificationWorld(app, database.db);
});

beforeEach(async () => {
  atTashkent('2026-11-18', '09:30');
  await w.setDatas({ gamification: true });
  await w.reset();
});

const markLesson = (status: 0 | 1, token = w.tokens.teacher) =>
  w.api(token, 'POST', '/attendance/lesson', { group_id: w.group, date: '2026-11-18', status });
const markOne = (studentId: number, status: 0 | 1) =>
  w.api(w.tokens.teacher, 'POST', '/attendance', {
    group_id: w.group,
    student_id: studentId,
    date: '2026-11-18',
    status,
  });

describe('the coin rules', () => {
  it('refuses every gamification call while the company has it off, and gives nothing', async () => {
    await w.saveRules({ attendance_present: { on: true, amount: 5 } });
    await w.setDatas({ gamification: false });
    const res = await w.api(w.tokens.admin, 'GET', '/gamification/products');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('gamification_off');
    expect((await markLesson(1)).status).toBe(200);
    await w.setDatas({ gamification: true });
    expect(await w.balance(w.student.id)).toBe(0);
  });

  it('gives the present students their coins once per lesson, and takes them back when a mark changes', async () => {
    expect((await w.saveRules({ attendance_present: { on: true, amount: 5 } })).status).toBe(200);
    expect((await markLesson(1)).status).toBe(200);
    expect((await markLesson(1)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(5);
    expect(await w.balance(w.pupils.s1)).toBe(5);
    // The student who left before the lesson was not marked, so he earns nothing.
    expect(await w.balance(w.pupils.left)).toBe(0);

    expect((await markOne(w.student.id, 0)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(0);
    expect((await markOne(w.student.id, 1)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(5);
    const clear = await w.api(w.tokens.teacher, 'DELETE', `/attendance/${w.student.id}/${w.group}/2026-11-18/delete`);
    expect(clear.status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(0);

    const account = await w.api(w.studentToken, 'GET', `/gamification/coins/${w.student.id}`);
    expect(account.status).toBe(200);
    expect(account.body.entries.data.map((e: { amount: number }) => e.amount)).toEqual([-5, 5, -5, 5]);
    expect(account.body.entries.data[3]).toMatchObject({ kind: 'rule', rule: 'attendance_present' });
    const [event] = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.coinsAwarded), eq(historyEvents.entityId, w.group)))
        .orderBy(desc(historyEvents.id))
        .limit(1),
    );
    expect(event?.data).toMatchObject({ rule: 'attendance_present', amount: 5 });
  });

  it('gives coins for a grade at or above the threshold, and takes them back when it is lowered', async () => {
    await w.saveRules({ grade_at_least: { on: true, amount: 10, threshold: 4 } });
    const grade = (score: number | null) =>
      w.api(w.tokens.teacher, 'PUT', '/grade', {
        group_id: w.group,
        student_id: w.student.id,
        date: '2026-11-18',
        score,
      });
    expect((await grade(3)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(0);
    expect((await grade(5)).status).toBe(200);
    expect((await grade(4)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(10);
    expect((await grade(null)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(0);
  });

  it('gives homework handed in on time its coins once, and late homework none', async () => {
    await w.saveRules({ homework_on_time: { on: true, amount: 7 } });
    const group = { id: w.group, branchId: w.main, title: 'Morning English' };
    const student = { id: w.student.id, companyId: w.company.id };
    await inCompany(database.db, w.company.id, async (tx) => {
      await coinsForHomework(tx, student, group, { id: 1, title: 'Past simple' }, false);
      await coinsForHomework(tx, student, group, { id: 1, title: 'Past simple' }, false);
      await coinsForHomework(tx, student, group, { id: 2, title: 'Future' }, true);
    });
    expect(await w.balance(w.student.id)).toBe(7);
  });

  it('gives birthday coins and a month without absence once, however often the day runs', async () => {
    await w.saveRules({ birthday: { on: true, amount: 100 }, month_without_absence: { on: true, amount: 50 } });
    await inCompany(database.db, w.company.id, (tx) =>
      tx.execute(`update users set birthday = '2010-12-01' where id = ${w.student.id}`),
    );
    atTashkent('2026-11-18', '11:00');
    expect((await markLesson(1, w.tokens.admin)).status).toBe(200);
    const booked = [
      await coinsOfTheDayFor(app, w.company.id, '2026-12-01'),
      await coinsOfTheDayFor(app, w.company.id, '2026-12-01'),
    ];
    expect(booked[1]).toBe(0);
    // Birthday (100) and the November without absence (50): the group's only lesson marked was all present.
    expect(await w.balance(w.student.id)).toBe(150);
    expect(await w.balance(w.pupils.s1)).toBe(50);
  });
});

describe('coins given by employees', () => {
  it('are refused while the company does not allow them', async () => {
    const res = await w.api(w.tokens.teacher, 'POST', `/gamification/coins/${w.student.id}`, {
      amount: 5,
      reason: 'Olimpiada',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('coins_by_employees_off');
    const account = await w.api(w.tokens.teacher, 'GET', `/gamification/coins/${w.student.id}`);
    expect(account.body.policies.give).toBe(false);
  });

  it('are given and taken with a reason, never below zero, by staff who reach the student', async () => {
    await w.saveRules({ employees_give: true });
    const give = (token: string, studentId: number, amount: number) =>
      w.api(token, 'POST', `/gamification/coins/${studentId}`, { amount, reason: 'Olimpiada' });
    const given = await give(w.tokens.teacher, w.student.id, 20);
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ balance: 20, policies: { give: true } });
    expect(given.body.entries.data[0]).toMatchObject({ kind: 'manual', reason: 'Olimpiada', amount: 20 });
    const tooMuch = await give(w.tokens.admin, w.student.id, -21);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('not_enough_coins');
    expect((await give(w.tokens.admin, w.student.id, -20)).status).toBe(200);
    expect(await w.balance(w.student.id)).toBe(0);
    // A student gives no coins, not even to himself; a teacher none to a student he does not teach.
    expect((await give(w.studentToken, w.student.id, 5)).status).toBe(403);
    const stranger = await createStudent(database.db, w.company.id, {
      name: 'Not In Any Group',
      phone: nextPhone(),
      branchIds: [w.main],
    });
    expect((await give(w.tokens.admin, stranger, 5)).status).toBe(200);
    expect((await give(w.tokens.teacher, stranger, 5)).status).toBe(404);
    expect((await give(w.tokens.admin, w.teacherId, 5)).status).toBe(422);
  });

  it('shows a group page the balances of its students, and a student only his own', async () => {
    await w.grant(w.pupils.s1, 15);
    const staff = await w.api(w.tokens.teacher, 'GET', `/gamification/group/${w.group}/coins`);
    expect(staff.status).toBe(200);
    expect(staff.body.balances).toContainEqual({ student_id: w.pupils.s1, balance: 15 });
    const own = await w.api(w.studentToken, 'GET', `/gamification/group/${w.group}/coins`);
    expect(own.body.balances).toEqual([{ student_id: w.student.id, balance: 0 }]);
    const other = await w.api(w.studentToken, 'GET', `/gamification/coins/${w.pupils.s1}`);
    expect(other.status).toBe(404);
  });
});
