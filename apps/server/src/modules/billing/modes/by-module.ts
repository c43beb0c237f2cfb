import { isChargeableOn } from '../place.js';
import { roundHalfUp, sum } from '../ratio.js';
import { type BillingUnit, fixedDivisor, heldPerMonth, lessonValue, type ModeInput, overlapsWindow } from '../units.js';

/** The module size: the course's lessons per module, else the lessons per month (12 when dynamic). */
export const moduleSize = (input: Pick<ModeInput, 'group' | 'lessonsPerMonth'>): number =>
  input.group.lessonsPerModule ?? fixedDivisor(input.lessonsPerMonth) ?? 12;

/**
 * By module: the group's held lessons from its start are counted off in modules of
 * `moduleSize` lessons; each module is one charge, due on its first lesson, worth the
 * lessons in it at the per-lesson price (monthly price ÷ lessons per month) — only the
 * lessons charged to the student, so joining, leaving and freezing count by lessons.
 * The calendar must start at the group's start, or the count would begin elsewhere.
 */
export function byModuleUnits(input: ModeInput): BillingUnit[] {
  const size = moduleSize(input);
  const perMonth = heldPerMonth(input.lessons);
  const held = input.lessons.filter((l) => l.state === 'held');
  const units: BillingUnit[] = [];
  for (let first = 0; first < held.length; first += size) {
    const lessons = held.slice(first, first + size);
    const start = lessons[0]!.date;
    const end = lessons[lessons.length - 1]!.date;
    if (!overlapsWindow(input.window, start, end)) continue;
    const charged = lessons.filter((l) => isChargeableOn(input.place, l.date));
    units.push({
      unit: `module:${first / size + 1}`,
      start,
      end,
      amount: roundHalfUp(sum(charged.map((l) => lessonValue(input, l, perMonth)))),
      lessons: charged.length,
      held: lessons.length,
    });
  }
  return units;
}
