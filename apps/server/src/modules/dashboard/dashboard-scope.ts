import {
  type Area,
  addDays,
  addMonths,
  canAccess,
  type Dashboard,
  type DashboardQuery,
  seesMoney,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { isTeacherOnly } from '../groups/group-scope.js';

/** Whose figures a dashboard request is about, and the SQL that picks their groups (alias `g`). */
export interface DashboardScope {
  companyId: number;
  /** Null for a teacher: his groups wherever they are. */
  branchId: number | null;
  teacher: boolean;
  /** A course, teacher or group-type filter is applied to the cards. */
  filtered: boolean;
  /** The groups counted, of any status (`g.status` narrows further). */
  groups: SQL;
}

export function dashboardScope(actor: Actor, query: DashboardQuery): DashboardScope {
  const teacher = isTeacherOnly(actor);
  const parts: SQL[] = [sql`g.company_id = ${actor.companyId}`];
  let branchId: number | null = null;
  if (teacher) {
    // His own groups only; the teacher filter is meaningless for him.
    parts.push(sql`g.teacher_id = ${actor.id}`);
  } else {
    if (query.branch_id === undefined) {
      throw new AppError(400, 'validation_failed', [
        { field: 'branch_id', rule: 'required', message: 'branch_id is required' },
      ]);
    }
    assertBranch(actor, query.branch_id);
    branchId = query.branch_id;
    parts.push(sql`g.branch_id = ${branchId}`);
    if (query.teacher_id) parts.push(sql`g.teacher_id = ${query.teacher_id}`);
  }
  if (query.course_id) parts.push(sql`g.course_id = ${query.course_id}`);
  if (query.day_type) parts.push(sql`g.day_type = ${query.day_type}`);
  const filtered = Boolean(query.course_id || query.day_type || (!teacher && query.teacher_id));
  return { companyId: actor.companyId, branchId, teacher, filtered, groups: sql.join(parts, sql` and `) };
}

export function dashboardPolicies(actor: Actor, scope: DashboardScope): Dashboard['policies'] {
  const may = (area: Area) => canAccess(area, actor.roles);
  const staff = !scope.teacher;
  return {
    money: staff && seesMoney(actor.roles),
    leads: staff && may('leads'),
    logs: may('history'),
    open_students: may('students'),
    open_groups: may('groupList'),
    open_leads: may('leads'),
    open_debtors: may('students'),
    open_left_students: may('leftStudents'),
    open_history: may('history'),
  };
}

/** The first and last day of the month of `day`, and of the month before it. */
export function monthsOf(day: string) {
  const from = `${day.slice(0, 7)}-01`;
  const nextFrom = addMonths(from, 1);
  const lastFrom = addMonths(from, -1);
  return {
    thisMonth: { from, till: addDays(nextFrom, -1) },
    lastMonth: { from: lastFrom, till: addDays(from, -1) },
  };
}

/** Whole percent with one decimal, or null when there is nothing to divide by. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
