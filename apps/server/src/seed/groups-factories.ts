import { type DayType, GroupStatus, groupCode, localDate, StudentStatus, weekdaysOf } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { courses, groupStudents, groups } from '../db/schema/index.js';
import { nextOrderNumber } from '../modules/groups/service.js';
import { inCompany } from '../platform/tenancy.js';

/**
 * Groups and students in groups for tests and the demo seed (STYLE.md 9). Rows are
 * written directly, without history or the schedule-conflict check, as fixtures do;
 * courses, teachers and students come from courses-factories and users-factories.
 */

export interface GroupRowSpec {
  branchId: number;
  courseId: number;
  teacherId: number;
  roomId?: number | null;
  name?: string | null;
  dayType?: DayType;
  /** For dayType 'other'. */
  exactDays?: number[];
  startTime?: string;
  endTime?: string;
  /** Default: today. */
  startDate?: string;
  endDate?: string | null;
  status?: number;
}

/** Inserts a group in an open company transaction; the code is generated as the API does. */
export async function insertGroupRow(tx: Tx, companyId: number, spec: GroupRowSpec): Promise<number> {
  const [course] = await tx
    .select({ name: courses.name, code: courses.code })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, spec.courseId)));
  if (!course) throw new Error(`course ${spec.courseId} not found`);
  const orderNumber = await nextOrderNumber(tx, companyId, spec.courseId);
  const dayType = spec.dayType ?? 'odd';
  const [row] = await tx
    .insert(groups)
    .values({
      companyId,
      branchId: spec.branchId,
      courseId: spec.courseId,
      teacherId: spec.teacherId,
      roomId: spec.roomId ?? null,
      name: spec.name ?? null,
      code: groupCode(course, orderNumber),
      orderNumber,
      dayType,
      days: weekdaysOf(dayType, spec.exactDays),
      startTime: spec.startTime ?? '09:00',
      endTime: spec.endTime ?? '10:30',
      startDate: spec.startDate ?? localDate(),
      endDate: spec.endDate ?? null,
      status: spec.status ?? GroupStatus.active,
    })
    .returning({ id: groups.id });
  if (!row) throw new Error('group insert returned no row');
  return row.id;
}

export const createGroupRow = (db: Db, companyId: number, spec: GroupRowSpec): Promise<number> =>
  inCompany(db, companyId, (tx) => insertGroupRow(tx, companyId, spec));

export interface GroupStudentSpec {
  status?: number;
  /** Default: today. */
  createdDate?: string;
  leftDate?: string | null;
  archiveReasonId?: number | null;
  archiveComment?: string | null;
}

export async function insertGroupStudentRow(
  tx: Tx,
  companyId: number,
  groupId: number,
  studentId: number,
  spec: GroupStudentSpec = {},
): Promise<void> {
  const status = spec.status ?? StudentStatus.inactive;
  await tx.insert(groupStudents).values({
    companyId,
    groupId,
    studentId,
    status,
    createdDate: spec.createdDate ?? localDate(),
    leftDate: spec.leftDate ?? (status === StudentStatus.archived ? localDate() : null),
    archiveReasonId: spec.archiveReasonId ?? null,
    archiveComment: spec.archiveComment ?? null,
  });
}

export const addStudentToGroupRow = (
  db: Db,
  companyId: number,
  groupId: number,
  studentId: number,
  spec: GroupStudentSpec = {},
): Promise<void> => inCompany(db, companyId, (tx) => insertGroupStudentRow(tx, companyId, groupId, studentId, spec));
