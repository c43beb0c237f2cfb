import { createHash } from 'node:crypto';
import { type CalendarLesson, isHeld, type SalaryBase } from '@crm/contracts';
import { type BillingPlace, isChargeableOn } from '../billing/place.js';
import { ratio, roundHalfUp } from '../billing/ratio.js';
import { ruleFor, type SalaryRule } from './rules.js';

/** A group of the branch with its lessons of the month (from the lesson calendar). */
export interface PlanGroup {
  id: number;
  courseId: number;
  /** The group's teacher now: he is paid the share of a month without held lessons. */
  teacherId: number;
  lessons: readonly CalendarLesson[];
}

/** A payment for a group dated in the month, or its reversal (negative). */
export interface PlanPayment {
  entryId: number;
  groupId: number;
  studentId: number;
  amount: number;
  date: string;
}

export interface SalaryPlanInput {
  groups: readonly PlanGroup[];
  places: readonly BillingPlace[];
  payments: readonly PlanPayment[];
  rules: readonly SalaryRule[];
}

export interface PlannedLine {
  base: SalaryBase;
  groupId: number;
  studentId: number | null;
  lessonDates: string[];
  heldLessons: number;
  rate: number | null;
  percentBp: number | null;
  payment: { entryId: number; amount: number; date: string } | null;
  amount: number;
}

export interface PlannedSalary {
  teacherId: number;
  amount: number;
  lessonCount: number;
  studentCount: number;
  unsettledGroupIds: number[];
  lines: PlannedLine[];
  /** The checksum of everything counted: a draft whose inputs changed no longer matches. */
  inputsHash: string;
}

/** num ÷ den rounded once, half away from zero (a reversal's line is exactly the payment's, negated). */
function share(num: bigint, den: bigint): number {
  const rounded = roundHalfUp(ratio(num < 0n ? -num : num, den));
  return num < 0n ? -rounded : rounded;
}

/** The lines one teacher earns in one group under one rule. */
function groupLines(
  rule: SalaryRule,
  group: PlanGroup,
  taught: readonly CalendarLesson[],
  heldCount: number,
  places: readonly BillingPlace[],
  payments: readonly PlanPayment[],
): PlannedLine[] {
  const line = (fields: Partial<PlannedLine> & Pick<PlannedLine, 'lessonDates' | 'amount'>): PlannedLine => ({
    base: rule.base,
    groupId: group.id,
    studentId: null,
    heldLessons: heldCount,
    rate: rule.amount,
    percentBp: rule.percentBp,
    payment: null,
    ...fields,
  });
  const rate = BigInt(rule.amount ?? 0);
  if (rule.base === 'per_student_month') {
    // Pro rata: the lessons he gave while the student was an active member, of the month's held lessons.
    return places.flatMap((place) => {
      const counted = taught.filter((lesson) => isChargeableOn(place, lesson.date)).map((l) => l.date);
      if (!counted.length) return [];
      const amount = share(rate * BigInt(counted.length), BigInt(heldCount));
      return [line({ studentId: place.studentId, lessonDates: counted, amount })];
    });
  }
  if (rule.base === 'per_course') {
    // A lesson counts when at least one student was there to be taught (an archived group's later days do not).
    const counted = taught.filter((lesson) => places.some((p) => isChargeableOn(p, lesson.date))).map((l) => l.date);
    if (!counted.length) return [];
    return [line({ lessonDates: counted, amount: share(rate * BigInt(counted.length), BigInt(heldCount)) })];
  }
  // Percent of payments: his share of the month's held lessons (all of it when none was held).
  const dates = taught.map((l) => l.date);
  const [num, den] = heldCount ? [BigInt(taught.length), BigInt(heldCount)] : [1n, 1n];
  const bp = BigInt(rule.percentBp ?? 0);
  return payments.map((p) =>
    line({
      studentId: p.studentId,
      lessonDates: dates,
      payment: { entryId: p.entryId, amount: p.amount, date: p.date },
      amount: share(BigInt(p.amount) * bp * num, 10_000n * den),
    }),
  );
}

/** What one teacher gathers over the branch's groups. */
interface TeacherMonth {
  lines: PlannedLine[];
  lessons: number;
  unsettled: number[];
  rules: Set<SalaryRule>;
}

/**
 * One month of one branch: what every teacher earns, line by line (docs/decisions/0014).
 * A held lesson counts for the teacher who gave it (a substitute for his lesson, a past
 * teacher for his days); the shares divide by the group's held lessons of the month.
 */
export function planSalaries(input: SalaryPlanInput): PlannedSalary[] {
  const byTeacher = new Map<number, TeacherMonth>();
  const of = (teacherId: number): TeacherMonth => {
    const known = byTeacher.get(teacherId);
    if (known) return known;
    const entry: TeacherMonth = { lines: [], lessons: 0, unsettled: [], rules: new Set() };
    byTeacher.set(teacherId, entry);
    return entry;
  };
  for (const group of input.groups) {
    const held = group.lessons.filter(isHeld);
    const places = input.places.filter((p) => p.groupId === group.id);
    const payments = input.payments.filter((p) => p.groupId === group.id);
    const teachers = held.length
      ? [...new Set(held.map((l) => l.teacher_id))]
      : payments.length
        ? [group.teacherId]
        : [];
    for (const teacherId of teachers) {
      const taught = held.filter((l) => l.teacher_id === teacherId);
      const entry = of(teacherId);
      entry.lessons += taught.length;
      const rule = ruleFor(input.rules, teacherId, group.courseId);
      if (!rule) {
        entry.unsettled.push(group.id);
        continue;
      }
      entry.rules.add(rule);
      entry.lines.push(...groupLines(rule, group, taught, held.length, places, payments));
    }
  }
  return [...byTeacher]
    .sort(([a], [b]) => a - b)
    .map(([teacherId, entry]) => {
      const students = new Set(entry.lines.map((l) => l.studentId).filter((id) => id !== null));
      const rules = [...entry.rules].sort((a, b) => a.id - b.id);
      return {
        teacherId,
        amount: entry.lines.reduce((sum, l) => sum + l.amount, 0),
        lessonCount: entry.lessons,
        studentCount: students.size,
        unsettledGroupIds: entry.unsettled,
        lines: entry.lines,
        inputsHash: createHash('sha256')
          .update(JSON.stringify({ rules, lines: entry.lines, unsettled: entry.unsettled, lessons: entry.lessons }))
          .digest('hex'),
      };
    });
}
