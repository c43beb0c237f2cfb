import { addDays, addMonths, type ChildAttendance, type ChildOverview } from '@crm/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { myCourseLessons } from '../course-lessons/group-lessons.js';
import { studentReceipts } from '../finance/balances.js';
import { studentGrades } from '../grades/grade-reports.js';
import { listStudentComments } from '../groups/student-comments.js';
import { companyTime } from '../lessons/company-time.js';
import { studentLessons } from '../lessons/student-lessons.js';
import { feeProvidersOf } from '../online-payments/fee-checkouts.js';
import { studentFeeSummary } from '../online-payments/student-fee-summary.js';
import { childActor, ownChild } from './children.js';

/** How many of the newest receipts and comments the page shows. */
const RECEIPTS_SHOWN = 10;
const COMMENTS_SHOWN = 20;
/** Today and the six days after it. */
const WEEK_AHEAD_DAYS = 6;

/**
 * GET /parent/children/{id}: everything the parent's phone screen shows of one child, read through the
 * services that show a student his own data (as the child), so nothing a student may not see reaches a parent.
 */
export async function childOverview(tx: Tx, parent: Actor, studentId: number, at: Date): Promise<ChildOverview> {
  const child = await ownChild(tx, parent, studentId);
  const asChild = childActor(parent, child);
  const { today } = await companyTime(tx, parent.companyId, at);
  const lessons = await studentLessons(tx, parent.companyId, child.id, today, addDays(today, WEEK_AHEAD_DAYS));
  const courses = await myCourseLessons(tx, asChild, at);
  const grades = await studentGrades(tx, asChild, child.id, {});
  const comments = await listStudentComments(tx, asChild, child.id);
  const fee = await studentFeeSummary(tx, asChild, child.id, at);
  const providers = await feeProvidersOf(tx, parent.companyId);
  const receipts = await studentReceipts(tx, parent.companyId, child.id, RECEIPTS_SHOWN);
  return {
    child: { id: child.id, name: child.name },
    today,
    lessons,
    courses: courses.data,
    grades,
    comments: comments.data.slice(0, COMMENTS_SHOWN),
    money: {
      balance: fee.balance,
      to_pay_now: Math.max(0, -fee.balance),
      month_fee: fee.groups.reduce((sum, group) => sum + group.month_price, 0),
      groups: fee.groups,
      providers,
      receipts: receipts.map((entry) => ({
        id: entry.id,
        amount: entry.amount,
        date: entry.date,
        method: entry.method,
        group_title: entry.group?.title ?? null,
      })),
    },
    policies: { can_pay: providers.length > 0 },
  };
}

/** GET /parent/children/{id}/attendance: the month's lessons of the child with his marks, and their counts. */
export async function childAttendance(
  tx: Tx,
  parent: Actor,
  studentId: number,
  askedMonth: string | undefined,
  at: Date,
): Promise<ChildAttendance> {
  const child = await ownChild(tx, parent, studentId);
  const month = askedMonth ?? (await companyTime(tx, parent.companyId, at)).today.slice(0, 7);
  const from = `${month}-01`;
  const lessons = await studentLessons(tx, parent.companyId, child.id, from, addDays(addMonths(from, 1), -1));
  return {
    month,
    lessons,
    present: lessons.filter((lesson) => lesson.mark === 1).length,
    absent: lessons.filter((lesson) => lesson.mark === 0).length,
  };
}
