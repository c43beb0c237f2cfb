import { StudentStatus } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createSalariesWorld, noonOf } from './salaries-test-world.js';

/**
 * docs/decisions/0014 "Worked examples", figure by figure: the group "English" on odd days
 * from 3 March 2025, Navruz on 21 March, so March holds 12 lessons:
 * 3, 5, 7, 10, 12, 14, 17, 19, 24, 26, 28, 31.
 */
const { app, database } = await openTestApp(undefined, { clock: () => noonOf('2025-04-02') });
const db = database.db;
const MARCH = ['03', '05', '07', '10', '12', '14', '17', '19', '24', '26', '28', '31'].map((d) => `2025-03-${d}`);

describe('a fixed sum per student per month', () => {
  it('pays each active student pro rata by the lessons he was in the group for', async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ type: 'fixed', base: 'per_student_month', amount: 50_000 });
    const all = await w.addStudent();
    const joined = await w.addStudent('2025-03-17');
    const frozen = await w.addStudent();
    await w.setStatus(frozen, StudentStatus.frozen, '2025-03-24');
    await w.addStudent('2025-03-03', StudentStatus.inactive); // a trial student is not paid for

    const salary = (await w.calculate()).get(w.teacherId)!;
    // 50 000 + 50 000 × 6 ÷ 12 + 50 000 × 8 ÷ 12 = 50 000 + 25 000 + 33 333
    expect(salary).toMatchObject({ status: 'draft', amount: 108_333, lesson_count: 12, student_count: 3 });
    const lines = (await w.detail(salary.id)).lines;
    const line = (student: number) => lines.find((l) => l.student?.id === student);
    expect(line(all)).toMatchObject({ base: 'per_student_month', lessons: MARCH, held_lessons: 12, amount: 50_000 });
    expect(line(joined)).toMatchObject({ lessons: MARCH.slice(6), amount: 25_000 });
    expect(line(frozen)).toMatchObject({ lessons: MARCH.slice(0, 8), amount: 33_333 });
    expect(lines).toHaveLength(3);
  });
});

describe('a substitute teacher', () => {
  it('is paid for the lesson he gave, and the regular teacher for the others', async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ type: 'fixed', base: 'per_student_month', amount: 50_000 });
    const student = await w.addStudent();
    await w.substitute('2025-03-12');

    const salaries = await w.calculate();
    // 50 000 × 11 ÷ 12 = 45 833.33 and 50 000 × 1 ÷ 12 = 4 166.67: together the month's 50 000.
    expect(salaries.get(w.teacherId)).toMatchObject({ amount: 45_833, lesson_count: 11 });
    expect(salaries.get(w.substituteId)).toMatchObject({ amount: 4_167, lesson_count: 1 });
    const [line] = (await w.detail(salaries.get(w.substituteId)!.id)).lines;
    expect(line).toMatchObject({ student: { id: student }, lessons: ['2025-03-12'], held_lessons: 12 });
  });
});

describe('a percent of student payments', () => {
  it('counts the payments for the group dated in the month, net of their reversals', async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ teacher_id: w.teacherId, type: 'percentage', base: 'student_payment', percent: 40 });
    const [a, b, c] = [await w.addStudent(), await w.addStudent('2025-03-17'), await w.addStudent()];
    await w.pay(a, 600_000, '2025-03-05');
    await w.pay(b, 300_000, '2025-03-17');
    await w.reverse(await w.pay(c, 200_000, '2025-03-10'), '2025-03-12'); // cancelled in March: nets to 0
    const late = await w.pay(c, 100_000, '2025-03-25');
    await w.reverse(late, '2025-04-02'); // cancelled in April: counts in March, taken back in April
    await w.pay(a, 500_000, '2025-03-06', null); // not for the group
    await w.pay(a, 600_000, '2025-04-01'); // April's

    const march = (await w.calculate()).get(w.teacherId)!;
    // 40 % × (600 000 + 300 000 + 200 000 − 200 000 + 100 000) = 400 000
    expect(march.amount).toBe(400_000);
    const amounts = (await w.detail(march.id)).lines.map((l) => [l.payment?.amount, l.amount]);
    expect(amounts).toEqual([
      [600_000, 240_000],
      [200_000, 80_000],
      [-200_000, -80_000],
      [300_000, 120_000],
      [100_000, 40_000],
    ]);
    // April: 40 % × (600 000 − 100 000)
    expect((await w.calculate('2025-04')).get(w.teacherId)?.amount).toBe(200_000);
  });

  it("gives a substitute his share of the month's lessons", async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ type: 'percentage', base: 'student_payment', percent: 12.5 });
    await w.pay(await w.addStudent(), 600_000, '2025-03-03');
    await w.substitute('2025-03-12');
    const salaries = await w.calculate();
    // 600 000 × 12.5 % = 75 000: × 11 ÷ 12 = 68 750 and × 1 ÷ 12 = 6 250
    expect(salaries.get(w.teacherId)?.amount).toBe(68_750);
    expect(salaries.get(w.substituteId)?.amount).toBe(6_250);
  });
});

describe('a fixed sum per course', () => {
  it('pays the group once a month, shared by the lessons each teacher gave', async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ course_id: w.courseId, type: 'fixed', base: 'per_course', amount: 1_000_000 });
    await w.addStudent();
    await w.substitute('2025-03-12');
    const salaries = await w.calculate();
    // 1 000 000 × 11 ÷ 12 = 916 666.67 → 916 667; 1 000 000 × 1 ÷ 12 = 83 333.33 → 83 333
    expect(salaries.get(w.teacherId)?.amount).toBe(916_667);
    expect(salaries.get(w.substituteId)?.amount).toBe(83_333);
    const [line] = (await w.detail(salaries.get(w.teacherId)!.id)).lines;
    expect(line).toMatchObject({ base: 'per_course', student: null, lessons: MARCH.filter((d) => d !== '2025-03-12') });
  });

  it('counts only the lessons someone was there to be taught', async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ type: 'fixed', base: 'per_course', amount: 1_200_000 });
    await w.addStudent('2025-03-17'); // the group's first student joins on 17 March: 6 of 12 lessons
    expect((await w.calculate()).get(w.teacherId)?.amount).toBe(600_000);
  });
});

describe('rules', () => {
  it('take the most specific one: the teacher and course, the teacher, the course, the company', async () => {
    const w = await createSalariesWorld(app, db);
    await w.setting({ type: 'fixed', base: 'per_student_month', amount: 50_000 });
    await w.setting({ course_id: w.courseId, type: 'fixed', base: 'per_student_month', amount: 70_000 });
    await w.setting({ teacher_id: w.teacherId, type: 'fixed', base: 'per_student_month', amount: 80_000 });
    await w.setting({
      teacher_id: w.teacherId,
      course_id: w.courseId,
      type: 'fixed',
      base: 'per_course',
      amount: 900_000,
    });
    await w.addStudent();
    await w.substitute('2025-03-12');
    const salaries = await w.calculate();
    expect(salaries.get(w.teacherId)?.amount).toBe(825_000); // 900 000 × 11 ÷ 12
    expect(salaries.get(w.substituteId)?.amount).toBe(5_833); // the course's 70 000 × 1 ÷ 12
  });

  it('list the groups no rule covers, paying nothing for them', async () => {
    const w = await createSalariesWorld(app, db);
    await w.addStudent();
    const salary = (await w.calculate()).get(w.teacherId)!;
    expect(salary).toMatchObject({
      amount: 0,
      lesson_count: 12,
      unsettled_groups: [{ id: w.groupId, title: 'English A' }],
    });
  });
});
