import { zonedDateTime } from '@crm/contracts';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { pgArray, type Tx } from '../../db/client.js';
import { courses, groupStudentStatusChanges, groupStudents, groups, ledgerEntries } from '../../db/schema/index.js';
import type { CalendarGroup } from '../lessons/calendar-source.js';
import type { BillingPlace, StatusChange } from './place.js';
import type { BookedCharge } from './reconcile.js';
import type { BillingGroup } from './units.js';

/** A group as billing loads it: what the engine needs and what the lesson calendar needs. */
export type GroupToBill = BillingGroup & CalendarGroup & { status: number };

/**
 * The groups to bill with their courses' prices, locked: every change of a student's
 * place locks its group first (groups/students-in-group.ts), so a batch sees no place
 * change half-done and two writers of one group's charges take turns. `lock: false` for a
 * reader (the debtors list) that must neither wait for nor hold up a billing batch.
 */
export async function loadGroupsToBill(
  tx: Tx,
  companyId: number,
  where: SQL | undefined,
  { limit, lock = true }: { limit?: number; lock?: boolean } = {},
): Promise<GroupToBill[]> {
  const query = tx
    .select({
      id: groups.id,
      branchId: groups.branchId,
      status: groups.status,
      days: groups.days,
      startDate: groups.startDate,
      endDate: groups.endDate,
      startTime: groups.startTime,
      endTime: groups.endTime,
      teacherId: groups.teacherId,
      roomId: groups.roomId,
      price: courses.price,
      courseMonths: courses.durationMonths,
      lessonsPerModule: courses.lessonsPerModule,
    })
    .from(groups)
    .innerJoin(courses, and(eq(courses.companyId, groups.companyId), eq(courses.id, groups.courseId)))
    .where(and(eq(groups.companyId, companyId), where))
    .orderBy(asc(groups.id))
    .$dynamic();
  const limited = limit === undefined ? query : query.limit(limit);
  return lock ? limited.for('update', { of: groups }) : limited;
}

/**
 * The places of the groups (only these students' when given: one, or the few a list prices) with their status
 * timelines. A change's day is the day it names (archiving: the left date), else the company-local day it
 * happened on.
 */
export async function loadPlaces(
  tx: Tx,
  companyId: number,
  groupIds: readonly number[],
  timeZone: string,
  students?: number | readonly number[],
): Promise<BillingPlace[]> {
  if (!groupIds.length) return [];
  const ofStudent = (column: AnyPgColumn) =>
    students === undefined
      ? undefined
      : typeof students === 'number'
        ? eq(column, students)
        : inArray(column, [...students]);
  const placeRows = await tx
    .select({
      groupId: groupStudents.groupId,
      studentId: groupStudents.studentId,
      createdDate: groupStudents.createdDate,
      leftDate: groupStudents.leftDate,
      status: groupStudents.status,
      exceptionSum: groupStudents.exceptionSum,
      exceptionSumStartDate: groupStudents.exceptionSumStartDate,
      exceptionSumEndDate: groupStudents.exceptionSumEndDate,
    })
    .from(groupStudents)
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        inArray(groupStudents.groupId, [...groupIds]),
        ofStudent(groupStudents.studentId),
      ),
    );
  const changeRows = await tx
    .select()
    .from(groupStudentStatusChanges)
    .where(
      and(
        eq(groupStudentStatusChanges.companyId, companyId),
        inArray(groupStudentStatusChanges.groupId, [...groupIds]),
        ofStudent(groupStudentStatusChanges.studentId),
      ),
    )
    .orderBy(asc(groupStudentStatusChanges.id));
  const changes = new Map<string, (StatusChange & { id: number })[]>();
  for (const row of changeRows) {
    const key = `${row.groupId}:${row.studentId}`;
    const date = row.effectiveDate ?? zonedDateTime(row.changedAt, timeZone).date;
    const list = changes.get(key) ?? [];
    list.push({ id: row.id, date, from: row.fromStatus, to: row.toStatus });
    changes.set(key, list);
  }
  return placeRows.map((row) => ({
    groupId: row.groupId,
    studentId: row.studentId,
    createdDate: row.createdDate,
    leftDate: row.leftDate,
    status: row.status,
    exception:
      row.exceptionSum === null
        ? null
        : { sum: row.exceptionSum, start: row.exceptionSumStartDate, end: row.exceptionSumEndDate },
    // In day order (a change that names an earlier day, such as a back-dated move, sorts before).
    changes: (changes.get(`${row.groupId}:${row.studentId}`) ?? []).sort((a, b) =>
      a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1,
    ),
  }));
}

const reversal = alias(ledgerEntries, 'reversal');

/**
 * The billing engine's charges of the places (natural key `charge:…`) dated from `from`,
 * with the cause of their reversal if they were reversed, by `group:student`. Read by
 * student (the ledger's student index), as a batch holds few students per group.
 */
export async function loadBookedCharges(
  tx: Tx,
  companyId: number,
  places: readonly Pick<BillingPlace, 'groupId' | 'studentId'>[],
  from: string,
): Promise<Map<string, BookedCharge[]>> {
  const booked = new Map<string, BookedCharge[]>();
  if (!places.length) return booked;
  const students = [...new Set(places.map((p) => p.studentId))];
  const groupIds = [...new Set(places.map((p) => p.groupId))];
  const rows = await tx
    .select({
      id: ledgerEntries.id,
      groupId: ledgerEntries.groupId,
      studentId: ledgerEntries.studentId,
      naturalKey: ledgerEntries.naturalKey,
      amount: ledgerEntries.amount,
      entryDate: ledgerEntries.entryDate,
      branchId: ledgerEntries.branchId,
      reversedBy: reversal.cause,
      reversalId: reversal.id,
    })
    .from(ledgerEntries)
    .leftJoin(reversal, and(eq(reversal.companyId, ledgerEntries.companyId), eq(reversal.reversesId, ledgerEntries.id)))
    .where(
      and(
        eq(ledgerEntries.companyId, companyId),
        sql`${ledgerEntries.studentId} = any(${pgArray(students)}::bigint[])`,
        sql`${ledgerEntries.groupId} = any(${pgArray(groupIds)}::bigint[])`,
        eq(ledgerEntries.kind, 'charge'),
        isNotNull(ledgerEntries.naturalKey),
        sql`${ledgerEntries.entryDate} >= ${from}::date`,
      ),
    );
  for (const row of rows) {
    const key = `${row.groupId}:${row.studentId}`;
    const list = booked.get(key) ?? [];
    list.push({
      id: row.id,
      naturalKey: row.naturalKey!,
      amount: row.amount,
      entryDate: row.entryDate,
      branchId: row.branchId,
      // A reversal without a cause still reverses: count it as the engine's.
      reversedBy: row.reversalId === null ? null : (row.reversedBy ?? 'billing'),
    });
    booked.set(key, list);
  }
  return booked;
}
