import { billingSettingsOf, type LessonChange, lessonCalendar } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { billPlace, chargeKey, parseChargeKey } from './engine.js';
import type { BillingPlace } from './place.js';
import { type BookedCharge, planCharges } from './reconcile.js';
import type { BillingGroup, BillingUnit } from './units.js';

/** The pure engine: rules of docs/billing.md that the worked examples do not reach. */
const group: BillingGroup = {
  id: 7,
  branchId: 1,
  startDate: '2025-03-03',
  endDate: null,
  days: [1, 3, 5],
  price: 600_000,
  courseMonths: 3,
  lessonsPerModule: 12,
};
const place: BillingPlace = {
  groupId: 7,
  studentId: 9,
  createdDate: '2025-03-03',
  leftDate: null,
  status: 5,
  exception: null,
  changes: [],
};
const calendar = (g: BillingGroup, changes: LessonChange[] = []) =>
  lessonCalendar({
    plan: {
      weekdays: g.days,
      start_date: g.startDate,
      end_date: g.endDate,
      start_time: '09:00',
      end_time: '10:30',
      teacher_id: 1,
      room_id: null,
    },
    from: '2025-03-01',
    till: '2025-05-31',
    holidays: new Map([['2025-03-21', 'Navruz']]),
    changes,
  });

describe('billPlace', () => {
  it('charges a month the group starts inside per lesson, and a month it runs whole in full', () => {
    const late = { ...group, startDate: '2025-03-20' };
    const units = billPlace({
      group: late,
      place: { ...place, createdDate: '2025-03-20' },
      settings: { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' },
      lessons: calendar(late),
      window: { from: '2025-03-01', till: '2025-04-01' },
    });
    // 24, 26, 28, 31 March (20 is a Thursday, 21 Navruz): 4 × 600 000 ÷ 12; April whole.
    expect(units.map((u) => [u.unit, u.start, u.amount])).toEqual([
      ['month:2025-03', '2025-03-20', 200_000],
      ['month:2025-04', '2025-04-01', 600_000],
    ]);
  });

  it('keys a moved lesson by the day it was scheduled', () => {
    const moved: LessonChange = {
      date: '2025-03-05',
      cancelled: false,
      cancel_reason: null,
      moved_to: { date: '2025-03-06', start_time: '09:00', end_time: '10:30' },
      teacher_id: null,
      room_id: null,
      theme: null,
    };
    const units = billPlace({
      group,
      place,
      settings: { mode: 'by_day', lessonsPerMonth: '12' },
      lessons: calendar(group, [moved]),
      window: { from: '2025-03-01', till: '2025-03-07' },
    });
    expect(units.map((u) => [u.unit, u.start, u.amount])).toEqual([
      ['day:2025-03-03', '2025-03-03', 50_000],
      ['day:2025-03-05', '2025-03-06', 50_000],
      ['day:2025-03-07', '2025-03-07', 50_000],
    ]);
  });

  it('charges no day before the student joined, after he left, or while he was frozen', () => {
    const units = billPlace({
      group,
      place: {
        ...place,
        createdDate: '2025-03-05',
        leftDate: '2025-03-17',
        status: 6,
        changes: [
          { date: '2025-03-10', from: 5, to: 4 },
          { date: '2025-03-12', from: 4, to: 5 },
          { date: '2025-03-17', from: 5, to: 6 },
        ],
      },
      settings: { mode: 'by_day', lessonsPerMonth: '12' },
      lessons: calendar(group),
      window: { from: '2025-03-01', till: '2025-03-31' },
    });
    expect(units.filter((u) => u.amount > 0).map((u) => u.unit)).toEqual([
      'day:2025-03-05',
      'day:2025-03-07',
      'day:2025-03-12',
      'day:2025-03-14',
    ]);
  });

  it('bills a course of unknown length monthly from its start', () => {
    const open = { ...group, courseMonths: null };
    const units = billPlace({
      group: open,
      place,
      settings: { mode: 'by_course', lessonsPerMonth: 'dynamic' },
      lessons: calendar(open),
      window: { from: '2025-03-01', till: '2025-03-31' },
    });
    expect(units.map((u) => [u.unit, u.amount])).toEqual([['period:2025-03-03', 600_000]]);
  });
});

describe('billingSettingsOf', () => {
  it('reads the company settings leniently: unknown or missing values are the defaults', () => {
    expect(billingSettingsOf({ student_payment_mode: 'by_day', lessons_per_month_status: '13' })).toEqual({
      mode: 'by_day',
      lessonsPerMonth: '13',
    });
    const defaults = { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' };
    expect(billingSettingsOf({})).toEqual(defaults);
    expect(billingSettingsOf({ student_payment_mode: '2', lessons_per_month_status: null })).toEqual(defaults);
  });
});

describe('natural keys', () => {
  it('name the group, the student, the unit and a revision', () => {
    expect(chargeKey(7, 9, 'month:2025-03')).toBe('charge:7:9:month:2025-03');
    expect(chargeKey(7, 9, 'day:2025-03-03', 3)).toBe('charge:7:9:day:2025-03-03~3');
    expect(parseChargeKey('charge:7:9:day:2025-03-03~3')).toEqual({
      groupId: 7,
      studentId: 9,
      unit: 'day:2025-03-03',
      revision: 3,
    });
    expect(parseChargeKey('transfer:1:2:3:2025-03-03:in')).toBeNull();
  });
});

describe('planCharges', () => {
  const unit = (amount: number, end = '2025-03-31'): BillingUnit => ({
    unit: 'month:2025-03',
    start: '2025-03-03',
    end,
    amount,
    lessons: 12,
    held: 12,
  });
  const charge = (id: number, amount: number, revision = 1, reversedBy: string | null = null): BookedCharge => ({
    id,
    naturalKey: chargeKey(7, 9, 'month:2025-03', revision),
    amount: -amount,
    entryDate: '2025-03-03',
    branchId: 1,
    reversedBy,
  });
  const open = { recalculateFrom: '2025-03-20', settledFrom: null };

  it('books a unit never charged, and nothing for one that owes nothing', () => {
    expect(planCharges(7, 9, [unit(600_000)], [], open).book.map((b) => b.key)).toEqual(['charge:7:9:month:2025-03']);
    expect(planCharges(7, 9, [unit(0)], [], open)).toEqual({ book: [], reverse: [] });
  });

  it('recalculates a running unit under the next revision', () => {
    const first = planCharges(7, 9, [unit(400_000)], [charge(1, 600_000)], open);
    expect(first.reverse.map((r) => r.charge.id)).toEqual([1]);
    expect(first.book.map((b) => [b.key, b.unit.amount])).toEqual([['charge:7:9:month:2025-03~2', 400_000]]);
    // Unchanged since: nothing to do.
    expect(planCharges(7, 9, [unit(600_000)], [charge(1, 600_000)], open)).toEqual({ book: [], reverse: [] });
    const current = planCharges(7, 9, [unit(400_000)], [charge(1, 600_000, 1, 'billing'), charge(2, 500_000, 2)], open);
    expect(current.reverse.map((r) => r.charge.id)).toEqual([2]);
    expect(current.book.map((b) => b.key)).toEqual(['charge:7:9:month:2025-03~3']);
  });

  it('leaves a closed unit, a waived one and the one a student left in', () => {
    const closed = { recalculateFrom: '2025-04-02', settledFrom: null };
    expect(planCharges(7, 9, [unit(400_000)], [charge(1, 600_000)], closed)).toEqual({ book: [], reverse: [] });
    // …but a closed unit that now owes nothing is given back.
    expect(planCharges(7, 9, [unit(0)], [charge(1, 600_000)], closed).reverse).toHaveLength(1);
    expect(planCharges(7, 9, [unit(600_000)], [charge(1, 600_000, 1, 'waiver')], open)).toEqual({
      book: [],
      reverse: [],
    });
    const left = { recalculateFrom: '2025-03-20', settledFrom: '2025-03-17' };
    expect(planCharges(7, 9, [unit(300_000)], [charge(1, 600_000)], left)).toEqual({ book: [], reverse: [] });
  });
});
