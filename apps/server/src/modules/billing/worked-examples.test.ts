import { LESSONS_PER_MONTH, type LessonsPerMonth, StudentStatus } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import { createBillingWorld } from './billing-test-world.js';

/**
 * docs/billing.md "Worked examples", figure by figure, through the daily run on the
 * database: 600 000 sum a month, odd days from 3 March 2025, Navruz on 21 March.
 */
const { db } = await openTestDatabase();

const MARCH = ['03', '05', '07', '10', '12', '14', '17', '19', '24', '26', '28', '31'].map((d) => `2025-03-${d}`);
const APRIL = ['02', '04', '07', '09', '11', '14', '16', '18', '21', '23', '25', '28', '30'].map((d) => `2025-04-${d}`);
const total = (owed: Record<string, number>, prefix: string) =>
  Object.entries(owed)
    .filter(([unit]) => unit.startsWith(prefix))
    .reduce((sum, [, amount]) => sum + amount, 0);

describe('1. by day', () => {
  const expected: Record<LessonsPerMonth, { march: number; marchTotal: number; april: number; aprilTotal: number }> = {
    dynamic: { march: 50_000, marchTotal: 600_000, april: 46_154, aprilTotal: 600_002 },
    '12': { march: 50_000, marchTotal: 600_000, april: 50_000, aprilTotal: 650_000 },
    '13': { march: 46_154, marchTotal: 553_848, april: 46_154, aprilTotal: 600_002 },
  };
  for (const lessonsPerMonth of LESSONS_PER_MONTH) {
    it(`charges each held lesson of March and April (${lessonsPerMonth})`, async () => {
      const w = await createBillingWorld(db, { mode: 'by_day', lessonsPerMonth });
      const student = await w.addStudent();
      await w.run('2025-04-30');
      const owed = await w.owed(student);
      const e = expected[lessonsPerMonth];
      expect(Object.keys(owed).sort()).toEqual([...MARCH, ...APRIL].map((d) => `day:${d}`).sort());
      for (const day of MARCH) expect(owed[`day:${day}`]).toBe(e.march);
      for (const day of APRIL) expect(owed[`day:${day}`]).toBe(e.april);
      expect(owed['day:2025-03-21']).toBeUndefined(); // Navruz
      expect(total(owed, 'day:2025-03')).toBe(e.marchTotal);
      expect(total(owed, 'day:2025-04')).toBe(e.aprilTotal);
    });
  }

  it('divides by 11 when 12 March is cancelled, and gives back a cancelled lesson already charged', async () => {
    const w = await createBillingWorld(db, { mode: 'by_day', lessonsPerMonth: 'dynamic' });
    const student = await w.addStudent();
    await w.cancelLesson('2025-03-12');
    await w.run('2025-03-31');
    const owed = await w.owed(student);
    expect(owed['day:2025-03-12']).toBeUndefined();
    expect(Object.keys(owed)).toHaveLength(11);
    for (const amount of Object.values(owed)) expect(amount).toBe(54_545);

    const later = await createBillingWorld(db, { mode: 'by_day', lessonsPerMonth: 'dynamic' });
    const other = await later.addStudent();
    await later.run('2025-03-12');
    expect((await later.owed(other))['day:2025-03-12']).toBe(50_000);
    await later.cancelLesson('2025-03-12');
    await later.run('2025-03-13');
    expect((await later.owed(other))['day:2025-03-12']).toBeUndefined();
    const reversal = (await later.entries(other)).find((e) => e.reversesId !== null);
    expect(reversal?.amount).toBe(50_000);
    expect(reversal?.reason).toMatch(/Recalculated/);
  });
});

describe('2. monthly by calendar, March', () => {
  const expected: Record<LessonsPerMonth, [number, number, number, number, number]> = {
    dynamic: [600_000, 300_000, 400_000, 450_000, 500_000],
    '12': [600_000, 300_000, 400_000, 450_000, 500_000],
    '13': [600_000, 276_923, 369_231, 415_385, 500_000],
  };
  for (const lessonsPerMonth of LESSONS_PER_MONTH) {
    it(`charges whole months and parts of months by lessons (${lessonsPerMonth})`, async () => {
      const w = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth });
      const a = await w.addStudent();
      const b = await w.addStudent({ createdDate: '2025-03-17' });
      const c = await w.addStudent();
      const d = await w.addStudent({ status: StudentStatus.inactive });
      const e = await w.addStudent({ exception: [400_000, '2025-03-17', '2025-12-31'] });
      await w.setStatus(d, StudentStatus.active, '2025-03-10');
      await w.run('2025-03-10');
      // Charged in advance on the 1st, for the whole month as far as it is known.
      expect((await w.owed(c))['month:2025-03']).toBe(600_000);
      await w.setStatus(c, StudentStatus.frozen, '2025-03-24');
      await w.run('2025-03-24');
      const owed = await Promise.all([a, b, c, d, e].map((s) => w.owed(s)));
      expect(owed.map((o) => o['month:2025-03'])).toEqual(expected[lessonsPerMonth]);
      expect((await w.entries(c)).map((row) => row.naturalKey).filter(Boolean)).toEqual([
        `charge:${w.groupId}:${c}:month:2025-03`,
        `charge:${w.groupId}:${c}:month:2025-03~2`,
      ]);
    });
  }
});

describe('3. monthly from the group start (10 March)', () => {
  const expected: Record<LessonsPerMonth, number> = { dynamic: 230_769, '12': 250_000, '13': 230_769 };
  for (const lessonsPerMonth of LESSONS_PER_MONTH) {
    it(`charges 10 March–9 April by its 13 held lessons (${lessonsPerMonth})`, async () => {
      const w = await createBillingWorld(db, {
        mode: 'monthly_from_start',
        lessonsPerMonth,
        group: { startDate: '2025-03-10' },
      });
      const full = await w.addStudent({ createdDate: '2025-03-10' });
      const frozen = await w.addStudent({ createdDate: '2025-03-10' });
      await w.setStatus(frozen, StudentStatus.frozen, '2025-03-24');
      await w.run('2025-03-24');
      expect(await w.owed(full)).toEqual({ 'period:2025-03-10': 600_000 });
      expect(await w.owed(frozen)).toEqual({ 'period:2025-03-10': expected[lessonsPerMonth] });
    });
  }
});

describe('4. by course (3 March–31 May)', () => {
  const expected: Record<LessonsPerMonth, number> = { dynamic: 1_231_579, '12': 1_300_000, '13': 1_200_000 };
  for (const lessonsPerMonth of LESSONS_PER_MONTH) {
    it(`charges the course at once, by lessons for a late joiner (${lessonsPerMonth})`, async () => {
      const w = await createBillingWorld(db, { mode: 'by_course', lessonsPerMonth, group: { endDate: '2025-05-31' } });
      const fromStart = await w.addStudent();
      const late = await w.addStudent({ createdDate: '2025-04-01' });
      await w.run('2025-04-01');
      expect(await w.owed(fromStart)).toEqual({ course: 1_800_000 });
      expect(await w.owed(late)).toEqual({ course: expected[lessonsPerMonth] });
      const [charge] = (await w.entries(fromStart)).filter((row) => row.kind === 'charge');
      expect(charge?.entryDate).toBe('2025-03-03');
    });
  }
});

describe('5. by module (12 lessons)', () => {
  const expected: Record<LessonsPerMonth, [number, number]> = {
    dynamic: [600_000, 553_846],
    '12': [600_000, 600_000],
    '13': [553_846, 553_846],
  };
  for (const lessonsPerMonth of LESSONS_PER_MONTH) {
    it(`charges each module on its first lesson (${lessonsPerMonth})`, async () => {
      const w = await createBillingWorld(db, { mode: 'by_module', lessonsPerMonth });
      const student = await w.addStudent();
      await w.run('2025-04-02');
      const [first, second] = expected[lessonsPerMonth];
      expect(await w.owed(student)).toEqual({ 'module:1': first, 'module:2': second });
      const dates = (await w.entries(student)).map((row) => row.entryDate);
      expect(dates).toEqual(['2025-03-03', '2025-04-02']);
    });
  }
});
