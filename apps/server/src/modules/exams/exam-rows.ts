import { DEFAULT_EXAM_MINUTES, type Exam, examState, groupTitle, StudentStatus } from '@crm/contracts';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courses, examQuestions, examResults, exams, groupStudents, groups } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

export type ExamRow = typeof exams.$inferSelect;

/** What an exam's answer needs of its group. */
export interface ExamGroup {
  id: number;
  name: string | null;
  code: string;
  courseId: number;
}

/** An exam of the group, or absent (404): another group's exam is never reached through this one. */
export async function findGroupExam(tx: Tx, companyId: number, groupId: number, examId: number, lock = false) {
  const query = tx
    .select()
    .from(exams)
    .where(and(eq(exams.companyId, companyId), eq(exams.groupId, groupId), eq(exams.id, examId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The current students (not archived) of groups, by group. */
export async function membersOf(tx: Tx, companyId: number, groupIds: number[]) {
  const rows = groupIds.length
    ? await tx
        .select({ groupId: groupStudents.groupId, studentId: groupStudents.studentId })
        .from(groupStudents)
        .where(
          and(
            eq(groupStudents.companyId, companyId),
            inArray(groupStudents.groupId, groupIds),
            ne(groupStudents.status, StudentStatus.archived),
          ),
        )
    : [];
  const byGroup = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = byGroup.get(row.groupId) ?? new Set<number>();
    set.add(row.studentId);
    byGroup.set(row.groupId, set);
  }
  return byGroup;
}

/**
 * The exams as answered: their state from how many of the group's current students have a ball, the online
 * exam's minutes (the course's exam duration unless the exam sets its own), the bank's size and, for `studentId`,
 * his ball.
 */
export async function toExams(
  tx: Tx,
  companyId: number,
  rows: readonly ExamRow[],
  groupsById: Map<number, ExamGroup>,
  today: string,
  studentId: number | null,
): Promise<Exam[]> {
  if (!rows.length) return [];
  const examIds = rows.map((row) => row.id);
  const results = await tx
    .select({ examId: examResults.examId, studentId: examResults.studentId, ball: examResults.ball })
    .from(examResults)
    .where(
      and(eq(examResults.companyId, companyId), inArray(examResults.examId, examIds), isNotNull(examResults.ball)),
    );
  const members = await membersOf(tx, companyId, [...groupsById.keys()]);
  const courseIds = [...new Set([...groupsById.values()].map((group) => group.courseId))];
  const courseRows = await tx
    .select({ id: courses.id, minutes: courses.examDuration })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), inArray(courses.id, courseIds)));
  const bankRows = await tx
    .select({ courseId: examQuestions.courseId, size: sql<number>`count(*)::int` })
    .from(examQuestions)
    .where(and(eq(examQuestions.companyId, companyId), inArray(examQuestions.courseId, courseIds)))
    .groupBy(examQuestions.courseId);
  const bankOf = new Map(bankRows.map((row) => [row.courseId, row.size]));
  const courseOf = new Map(courseRows.map((row) => [row.id, row]));
  return rows.map((row) => {
    const group = groupsById.get(row.groupId)!;
    const students = members.get(row.groupId) ?? new Set<number>();
    const done = results.filter((r) => r.examId === row.id && students.has(r.studentId)).length;
    const course = courseOf.get(group.courseId);
    const mine = studentId === null ? undefined : results.find((r) => r.examId === row.id && r.studentId === studentId);
    return {
      id: row.id,
      group_id: row.groupId,
      group_title: groupTitle(group),
      title: row.title,
      kind: row.kind as Exam['kind'],
      date: row.date,
      module: row.module,
      duration_minutes: row.durationMinutes ?? course?.minutes ?? DEFAULT_EXAM_MINUTES,
      question_count: row.questionCount,
      bank_size: bankOf.get(group.courseId) ?? 0,
      state: examState(row.date, today, done, students.size),
      results: { done, of: students.size },
      my_ball: mine?.ball ?? null,
    };
  });
}

/** The groups of exams, for their answers. */
export async function examGroups(tx: Tx, companyId: number, groupIds: number[]): Promise<Map<number, ExamGroup>> {
  if (!groupIds.length) return new Map();
  const rows = await tx
    .select({ id: groups.id, name: groups.name, code: groups.code, courseId: groups.courseId })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, groupIds)));
  return new Map(rows.map((row) => [row.id, row]));
}
