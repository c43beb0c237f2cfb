import { addDays, isoWeekday, Role, type StudentPaymentMode, StudentStatus } from '@crm/contracts';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import { ledgerEntries, placeBalances, studentBalances } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { inCompany } from '../../platform/tenancy.js';
import { studentBalance } from '../finance/balances.js';
import { bookEntry } from '../finance/ledger.js';
import { type BillingWorld, createBillingWorld } from './billing-test-world.js';
import { monthEnd, monthStart } from './units.js';

/**
 * The billing engine against random histories (issue 5 "How it is checked"): joins,
 * freezes, leaves and returns, payments, cancelled lessons, holidays and engine runs,
 * repeated. After every run the ledger must hold exactly what an independent model of
 * the same history says: no charge twice, none for a holiday, a cancelled lesson or a
 * day the student was not an active member, every due lesson (month) charged, and every
 * balance the sum of its entries. The model below is written from docs/billing.md, not
 * from the engine's code.
 */
const { db } = await openTestDatabase();

const FIRST_DAY = '2025-03-01';
const GROUP_START = '2025-03-03';
const LAST_DAY = '2025-04-30';
const PRICE = 600_000;
const STUDENTS = 3;

type Command =
  | { t: 'advance'; days: number }
  | { t: 'join'; s: number; active: boolean }
  | { t: 'status'; s: number; to: 4 | 5 | 6 }
  | { t: 'cancel'; offset: number }
  | { t: 'holiday'; offset: number }
  | { t: 'pay'; s: number; amount: number }
  | { t: 'run' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 9 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('join' as const), s: fc.nat(STUDENTS - 1), active: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('status' as const),
      s: fc.nat(STUDENTS - 1),
      to: fc.constantFrom(4 as const, 5 as const, 6 as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), offset: fc.nat(60) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('holiday' as const), offset: fc.nat(60) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('pay' as const),
      s: fc.nat(STUDENTS - 1),
      amount: fc.integer({ min: 1, max: 900_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('run' as const) }) },
);

/** The model of one student's place: when he joined, his statuses by day, whether he left. */
interface ModelPlace {
  id: number;
  joined: string | null;
  events: { date: string; status: number }[];
  leftDate: string | null;
  /** The first day he ever left on (the period he left in is settled as booked). */
  firstLeft: string | null;
}

class Model {
  holidays = new Set<string>(['2025-03-21']);
  cancelled = new Set<string>();
  places: ModelPlace[];
  constructor(ids: number[]) {
    this.places = ids.map((id) => ({ id, joined: null, events: [], leftDate: null, firstLeft: null }));
  }
  /** A lesson takes place that day: the group meets Mon, Wed, Fri from 3 March. */
  held(date: string): boolean {
    return (
      date >= GROUP_START &&
      [1, 3, 5].includes(isoWeekday(date)) &&
      !this.holidays.has(date) &&
      !this.cancelled.has(date)
    );
  }
  chargeable(p: ModelPlace, date: string): boolean {
    if (p.joined === null || date < p.joined || (p.leftDate !== null && date >= p.leftDate)) return false;
    let status = 0;
    for (const e of p.events) if (e.date <= date) status = e.status;
    return status === StudentStatus.active;
  }
  daysOf(month: string): string[] {
    const days: string[] = [];
    for (let d = monthStart(month); d <= monthEnd(month); d = addDays(d, 1)) days.push(d);
    return days;
  }
}

async function checkLedger(w: BillingWorld, model: Model, mode: StudentPaymentMode, lastRun: string) {
  const entries = await w.entries();
  const byId = new Map(entries.map((e) => [e.id, e]));
  // No natural key twice (the unique index says so too; this is the engine's own promise).
  const keys = entries.map((e) => e.naturalKey).filter((k): k is string => k !== null);
  expect(new Set(keys).size).toBe(keys.length);
  // Net charge per student and unit.
  const net = new Map<string, number>();
  for (const e of entries) {
    if (e.kind !== 'charge') continue;
    const key = (e.naturalKey ?? byId.get(e.reversesId ?? -1)?.naturalKey ?? '').replace(/~\d+$/, '');
    const unit = `${e.studentId}|${key.split(':').slice(3).join(':')}`;
    net.set(unit, (net.get(unit) ?? 0) - e.amount);
  }
  for (const p of model.places) {
    const owed = (unit: string) => net.get(`${p.id}|${unit}`) ?? 0;
    if (mode === 'by_day') {
      for (let d = FIRST_DAY; d <= lastRun; d = addDays(d, 1)) {
        if (p.leftDate !== null && d >= p.leftDate) continue; // settled when he left
        const due = model.held(d) && model.chargeable(p, d) ? PRICE / 12 : 0;
        expect(owed(`day:${d}`), `student ${p.id} lesson ${d}`).toBe(due);
      }
      // Nothing charged after the last run's day.
      for (const [unit, amount] of net) {
        const [student, key] = unit.split('|') as [string, string];
        if (Number(student) === p.id && amount !== 0) expect(key.slice(4) <= lastRun, key).toBe(true);
      }
    } else {
      for (const month of ['2025-03', '2025-04']) {
        // A month is due on its first day, or the group's start when the group starts in it.
        const due = monthStart(month) < GROUP_START ? GROUP_START : monthStart(month);
        if (due > lastRun) continue;
        if (p.firstLeft !== null && monthEnd(month) >= p.firstLeft) continue; // settled when he left
        const held = model.daysOf(month).filter((d) => model.held(d));
        const charged = held.filter((d) => model.chargeable(p, d));
        const owedNow =
          charged.length === 0
            ? 0
            : charged.length === held.length
              ? PRICE
              : Math.round((PRICE * charged.length) / held.length);
        expect(owed(`month:${month}`), `student ${p.id} month ${month}`).toBe(owedNow);
      }
    }
    // The balance the finance module shows is the sum of the student's entries.
    const sum = entries.filter((e) => e.studentId === p.id).reduce((s, e) => s + e.amount, 0);
    const shown = await inCompany(w.db, w.companyId, (tx) => studentBalance(tx, ownerOf(w), p.id));
    expect(shown.balance).toBe(sum);
    // And the balance the database keeps beside the ledger (student_balances, what the debtors lists read).
    const [kept] = await inCompany(w.db, w.companyId, (tx) =>
      tx
        .select({ balance: studentBalances.balance })
        .from(studentBalances)
        .where(and(eq(studentBalances.companyId, w.companyId), eq(studentBalances.studentId, p.id))),
    );
    expect(kept?.balance ?? 0, `student ${p.id}'s kept balance`).toBe(sum);
    // And per group (place_balances, the groups' balances of the debtors lists).
    const byGroup = new Map<number, number>();
    for (const e of entries)
      if (e.studentId === p.id && e.groupId !== null) byGroup.set(e.groupId, (byGroup.get(e.groupId) ?? 0) + e.amount);
    const keptByGroup = await inCompany(w.db, w.companyId, (tx) =>
      tx
        .select({ groupId: placeBalances.groupId, balance: placeBalances.balance })
        .from(placeBalances)
        .where(and(eq(placeBalances.companyId, w.companyId), eq(placeBalances.studentId, p.id))),
    );
    expect(new Map(keptByGroup.map((row) => [row.groupId, row.balance])), `student ${p.id}'s group balances`).toEqual(
      byGroup,
    );
  }
}

const ownerOf = (w: BillingWorld): Actor => ({
  id: w.ownerId,
  companyId: w.companyId,
  sessionId: 'property-test',
  name: 'Owner',
  roles: [Role.owner],
  branchIds: [w.branchId],
  allBranches: true,
});

async function play(mode: StudentPaymentMode, commands: Command[]) {
  const w = await createBillingWorld(db, { mode, lessonsPerMonth: mode === 'by_day' ? '12' : 'dynamic' });
  const ids: number[] = [];
  for (let i = 0; i < STUDENTS; i++) ids.push(await w.createStudent());
  const model = new Model(ids);
  let today = FIRST_DAY;
  let lastRun: string | null = null;
  // Monthly periods are closed once over: their lessons are only changed ahead of time here.
  const changeable = (offset: number) => (mode === 'by_day' ? addDays(FIRST_DAY, offset) : addDays(today, offset % 20));

  for (const command of [...commands, { t: 'run' } as const]) {
    switch (command.t) {
      case 'advance':
        today = addDays(today, command.days) > LAST_DAY ? LAST_DAY : addDays(today, command.days);
        break;
      case 'join': {
        const p = model.places[command.s]!;
        if (p.joined !== null) break;
        const status = command.active ? StudentStatus.active : StudentStatus.inactive;
        await w.addStudent({ student: p.id, createdDate: today, status });
        p.joined = today;
        p.events.push({ date: today, status });
        break;
      }
      case 'status': {
        const p = model.places[command.s]!;
        const current = p.events.at(-1)?.status;
        if (p.joined === null || current === command.to) break;
        await w.setStatus(p.id, command.to, today);
        p.events.push({ date: today, status: command.to });
        p.leftDate = command.to === StudentStatus.archived ? today : null;
        if (p.leftDate !== null) p.firstLeft ??= today;
        break;
      }
      case 'cancel': {
        const date = changeable(command.offset);
        if (date > LAST_DAY || model.cancelled.has(date)) break;
        await w.cancelLesson(date);
        // The calendar ignores a cancellation of a day that is no lesson day of the group.
        if ([1, 3, 5].includes(isoWeekday(date))) model.cancelled.add(date);
        break;
      }
      case 'holiday': {
        const date = changeable(command.offset);
        if (date > LAST_DAY || model.holidays.has(date)) break;
        await w.addHoliday(date);
        model.holidays.add(date);
        break;
      }
      case 'pay': {
        const p = model.places[command.s]!;
        await inCompany(db, w.companyId, (tx) =>
          bookEntry(
            tx,
            { id: w.ownerId, companyId: w.companyId },
            {
              kind: 'payment',
              amount: command.amount,
              date: today,
              branchId: w.branchId,
              studentId: p.id,
              method: 'cash',
            },
          ),
        );
        break;
      }
      case 'run': {
        await w.billAgain(today, lastRun ?? today);
        lastRun = today;
        await checkLedger(w, model, mode, lastRun);
        // Repeated at once, a run books nothing.
        const again = await w.billAgain(today, today);
        expect(again.summary).toEqual({ booked: { count: 0, amount: 0 }, reversed: { count: 0, amount: 0 } });
        break;
      }
    }
  }
  const [withKeys] = await inCompany(db, w.companyId, (tx) =>
    tx
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, w.companyId), isNotNull(ledgerEntries.naturalKey))),
  );
  return withKeys?.n ?? 0;
}

describe('the billing engine on random histories', () => {
  for (const mode of ['by_day', 'monthly_calendar'] as const) {
    it(`keeps the ledger exact in ${mode} mode`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(commandArb, { minLength: 4, maxLength: 28 }), async (commands) => {
          await play(mode, commands);
        }),
        { numRuns: Number(process.env.BILLING_PROPERTY_RUNS ?? 25) },
      );
    }, 240_000);
  }

  it('books something in a typical history (the property is not vacuous)', async () => {
    const booked = await play('by_day', [{ t: 'join', s: 0, active: true }, { t: 'advance', days: 9 }, { t: 'run' }]);
    expect(booked).toBeGreaterThan(0);
  });
});
