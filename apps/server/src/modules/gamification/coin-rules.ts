import { AttendanceMark, type CoinRule, type CoinSettings, Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { recordHistory } from '../../platform/history.js';
import { settleRuleAward } from './coin-ledger.js';
import { gamificationIsOn, readCoinSettings } from './coin-settings.js';

/**
 * The rules that give coins by themselves (issue 21). Other modules call these in their own transaction
 * right after their change (a module is the only writer of its tables: attendance, homework and grades call
 * here, never insert coins). Each award is settled by its cause, so a repeated mark, a retry or two servers
 * at once give it once.
 */

/** Who caused the awards (a teacher marking, a student handing in), for the entries and the history. */
export interface AwardActor {
  id: number | null;
  companyId: number;
}

export interface AwardGroup {
  id: number;
  branchId: number;
  title: string;
}

async function activeRule(tx: Tx, companyId: number, rule: CoinRule): Promise<CoinSettings | null> {
  if (!(await gamificationIsOn(tx, companyId))) return null;
  const settings = await readCoinSettings(tx, companyId);
  return settings[rule].on ? settings : null;
}

async function recordAwards(tx: Tx, actor: AwardActor, rule: CoinRule, group: AwardGroup, given: number[]) {
  const awarded = given.filter((amount) => amount > 0);
  if (!awarded.length) return;
  await recordHistory(tx, actor, {
    event: 'coinsAwarded',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: { rule, count: awarded.length, amount: awarded[0], group_title: group.title },
  });
}

/** Attendance marked (or cleared): present earns the rule's coins; a mark changed from present gives them back. */
export async function coinsForAttendance(
  tx: Tx,
  actor: AwardActor,
  group: AwardGroup,
  date: string,
  studentIds: readonly number[],
  mark: number | null,
): Promise<void> {
  const settings = await activeRule(tx, actor.companyId, 'attendance_present');
  if (!settings) return;
  const given: number[] = [];
  for (const studentId of studentIds) {
    given.push(
      await settleRuleAward(tx, actor.companyId, {
        studentId,
        rule: 'attendance_present',
        cause: `att:${group.id}:${date}:${studentId}`,
        held: mark === AttendanceMark.present,
        amount: settings.attendance_present.amount,
        reason: `${group.title} · ${date}`,
        authorId: actor.id,
      }),
    );
  }
  await recordAwards(tx, actor, 'attendance_present', group, given);
}

/** A grade given (or changed, or taken back): at or above the threshold earns the rule's coins. */
export async function coinsForGrade(
  tx: Tx,
  actor: AwardActor,
  group: AwardGroup,
  date: string,
  studentId: number,
  score: number | null,
): Promise<void> {
  const settings = await activeRule(tx, actor.companyId, 'grade_at_least');
  if (!settings) return;
  const given = await settleRuleAward(tx, actor.companyId, {
    studentId,
    rule: 'grade_at_least',
    cause: `grade:${group.id}:${date}:${studentId}`,
    held: score !== null && score >= settings.grade_at_least.threshold,
    amount: settings.grade_at_least.amount,
    reason: `${group.title} · ${date}`,
    authorId: actor.id,
  });
  await recordAwards(tx, actor, 'grade_at_least', group, [given]);
}

/** Homework handed in by its due day earns the rule's coins, once per lesson (a later change keeps them). */
export async function coinsForHomework(
  tx: Tx,
  student: AwardActor & { id: number },
  group: AwardGroup,
  lesson: { id: number; title: string },
  late: boolean,
): Promise<void> {
  if (late) return;
  const settings = await activeRule(tx, student.companyId, 'homework_on_time');
  if (!settings) return;
  const given = await settleRuleAward(tx, student.companyId, {
    studentId: student.id,
    rule: 'homework_on_time',
    cause: `hw:${group.id}:${lesson.id}:${student.id}`,
    held: true,
    amount: settings.homework_on_time.amount,
    reason: `${group.title} · ${lesson.title}`,
    authorId: student.id,
  });
  await recordAwards(tx, student, 'homework_on_time', group, [given]);
}

const previousMonth = (day: string): string => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
};

/** A daily rule given to each of `studentIds`, with one history line for the company; answers how many got it. */
async function awardEach(
  tx: Tx,
  companyId: number,
  rule: CoinRule,
  amount: number,
  studentIds: readonly number[],
  causeOf: (studentId: number) => string,
  reason: string,
): Promise<number> {
  let count = 0;
  for (const studentId of studentIds) {
    const given = await settleRuleAward(tx, companyId, {
      studentId,
      rule,
      cause: causeOf(studentId),
      held: true,
      amount,
      reason,
      authorId: null,
    });
    if (given > 0) count += 1;
  }
  if (count) {
    await recordHistory(
      tx,
      { id: null, companyId },
      { event: 'coinsAwarded', entity: 'company', entityId: companyId, data: { rule, count, amount } },
    );
  }
  return count;
}

/**
 * The company's day (JOBS.gamificationCompanyDay): birthdays of the day, and on a month's first day the
 * students of the month before who attended and missed no lesson. Answers the awards booked (0 on a rerun).
 */
export async function coinsOfTheDay(tx: Tx, companyId: number, day: string): Promise<number> {
  if (!(await gamificationIsOn(tx, companyId))) return 0;
  const settings = await readCoinSettings(tx, companyId);
  let booked = 0;
  if (settings.birthday.on) {
    const born = await selectRows<{ id: number }>(
      tx,
      sql`select u.id::int as id from users u
        where u.company_id = ${companyId} and u.archived_at is null and ${Role.student} = any(u.roles)
          and to_char(u.birthday, 'MM-DD') = ${day.slice(5)}`,
    );
    const year = day.slice(0, 4);
    const ids = born.map((row) => row.id);
    booked += await awardEach(
      tx,
      companyId,
      'birthday',
      settings.birthday.amount,
      ids,
      (id) => `bday:${year}:${id}`,
      day,
    );
  }
  if (settings.month_without_absence.on && day.endsWith('-01')) {
    const month = previousMonth(day);
    const perfect = await selectRows<{ id: number }>(
      tx,
      sql`select a.student_id::int as id from attendances a
        where a.company_id = ${companyId} and to_char(a.attend_date, 'YYYY-MM') = ${month}
        group by a.student_id
        having bool_and(a.status = ${AttendanceMark.present})`,
    );
    const ids = perfect.map((row) => row.id);
    const amount = settings.month_without_absence.amount;
    booked += await awardEach(
      tx,
      companyId,
      'month_without_absence',
      amount,
      ids,
      (id) => `month:${month}:${id}`,
      month,
    );
  }
  return booked;
}
