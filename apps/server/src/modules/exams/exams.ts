import {
  type Exam,
  type ExamPage,
  type ExamResult,
  type ExamResultInput,
  type ExamValues,
  type GroupExams,
  groupTitle,
  type Roadmap,
  type RoadmapQuery,
} from '@crm/contracts';
import { and, asc, between, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { examResults, exams, groups, users } from '../../db/schema/index.js';
import { type Actor, assertBranch } from '../../platform/actor.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertStudentReader } from '../grades/grade-reports.js';
import { findVisibleGroup, type GroupRow, groupScope, isGroupLearner } from '../groups/group-scope.js';
import { invalidFields } from '../groups/service.js';
import { companyTime } from '../lessons/company-time.js';
import { closeExpired, toAttempt } from './attempts.js';
import { type ExamRow, examGroups, findGroupExam, membersOf, toExams } from './exam-rows.js';

/** The group's teacher and the staff of its branches place exams and enter balls (spec §6 "exam"). */
function assertRunsGroup(actor: Actor, group: GroupRow) {
  if (isGroupLearner(actor, group)) throw forbidden();
}

async function examsAsAnswered(tx: Tx, actor: Actor, group: GroupRow, rows: ExamRow[], at: Date): Promise<Exam[]> {
  await closeExpired(tx, actor.companyId, rows, at, group);
  const { today } = await companyTime(tx, actor.companyId, at);
  const learner = isGroupLearner(actor, group) ? actor.id : null;
  return toExams(tx, actor.companyId, rows, await examGroups(tx, actor.companyId, [group.id]), today, learner);
}

/** GET /group/{id}/exams: the group's roadmap, by date. */
export async function groupExams(tx: Tx, actor: Actor, at: Date, groupId: number): Promise<GroupExams> {
  const group = await findVisibleGroup(tx, actor, groupId);
  const rows = await tx
    .select()
    .from(exams)
    .where(and(eq(exams.companyId, actor.companyId), eq(exams.groupId, group.id)))
    .orderBy(asc(exams.date), asc(exams.id));
  return {
    data: await examsAsAnswered(tx, actor, group, rows, at),
    policies: { manage: !isGroupLearner(actor, group) },
  };
}

const examColumns = (input: ExamValues) => ({
  title: input.title,
  kind: input.kind,
  date: input.date,
  module: input.module,
  durationMinutes: input.kind === 'online' ? input.duration_minutes : null,
  questionCount: input.kind === 'online' ? input.question_count : null,
});

async function recordExam(tx: Tx, actor: Actor, action: string, group: GroupRow, exam: ExamRow) {
  await recordHistory(tx, actor, {
    event: 'examChanged',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: { action, title: exam.title, date: exam.date, exam_id: exam.id, group_title: groupTitle(group) },
  });
}

/** POST /group/{id}/exams. */
export async function addExam(tx: Tx, actor: Actor, at: Date, groupId: number, input: ExamValues): Promise<Exam> {
  const group = await findVisibleGroup(tx, actor, groupId, true);
  assertRunsGroup(actor, group);
  const [row] = await tx
    .insert(exams)
    .values({ companyId: actor.companyId, groupId: group.id, createdBy: actor.id, ...examColumns(input) })
    .returning();
  await recordExam(tx, actor, 'created', group, row!);
  return (await examsAsAnswered(tx, actor, group, [row!], at))[0]!;
}

async function hasResults(tx: Tx, companyId: number, examId: number) {
  const [row] = await tx
    .select({ id: examResults.examId })
    .from(examResults)
    .where(and(eq(examResults.companyId, companyId), eq(examResults.examId, examId)))
    .limit(1);
  return row !== undefined;
}

/** PUT /group/{id}/exam/{exam_id}: only before anyone has a result (a changed exam would not be the one taken). */
export async function updateExam(
  tx: Tx,
  actor: Actor,
  at: Date,
  params: { id: number; exam_id: number },
  input: ExamValues,
): Promise<Exam> {
  const group = await findVisibleGroup(tx, actor, params.id, true);
  assertRunsGroup(actor, group);
  const exam = await findGroupExam(tx, actor.companyId, group.id, params.exam_id, true);
  if (await hasResults(tx, actor.companyId, exam.id)) throw new AppError(422, 'exam_taken');
  const [row] = await tx
    .update(exams)
    .set(examColumns(input))
    .where(and(eq(exams.companyId, actor.companyId), eq(exams.id, exam.id)))
    .returning();
  await recordExam(tx, actor, 'updated', group, row!);
  return (await examsAsAnswered(tx, actor, group, [row!], at))[0]!;
}

/** DELETE /group/{id}/exam/{exam_id}: with its results. */
export async function deleteExam(tx: Tx, actor: Actor, params: { id: number; exam_id: number }) {
  const group = await findVisibleGroup(tx, actor, params.id, true);
  assertRunsGroup(actor, group);
  const exam = await findGroupExam(tx, actor.companyId, group.id, params.exam_id, true);
  await tx.delete(exams).where(and(eq(exams.companyId, actor.companyId), eq(exams.id, exam.id)));
  await recordExam(tx, actor, 'deleted', group, exam);
  return { ok: true as const };
}

/** Every current student of the group (and anyone with a result who has left), with his result. */
async function resultsOf(tx: Tx, actor: Actor, group: GroupRow, exam: ExamRow): Promise<ExamResult[]> {
  const members = (await membersOf(tx, actor.companyId, [group.id])).get(group.id) ?? new Set<number>();
  const rows = await tx
    .select()
    .from(examResults)
    .where(and(eq(examResults.companyId, actor.companyId), eq(examResults.examId, exam.id)));
  const ids = [...new Set([...members, ...rows.map((row) => row.studentId)])];
  const people = ids.length
    ? await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, actor.companyId), inArray(users.id, ids)))
        .orderBy(asc(users.name))
    : [];
  return people.map((person) => {
    const row = rows.find((r) => r.studentId === person.id);
    return {
      student_id: person.id,
      student_name: person.name,
      ball: row?.ball ?? null,
      started_at: row?.startedAt?.toISOString() ?? null,
      submitted_at: row?.submittedAt?.toISOString() ?? null,
      points: row?.points ?? null,
      max_points: row?.maxPoints ?? null,
    };
  });
}

/** GET /group/{id}/exam/{exam_id}. */
export async function examPage(
  tx: Tx,
  actor: Actor,
  at: Date,
  params: { id: number; exam_id: number },
): Promise<ExamPage> {
  const group = await findVisibleGroup(tx, actor, params.id);
  const row = await findGroupExam(tx, actor.companyId, group.id, params.exam_id);
  const [exam] = await examsAsAnswered(tx, actor, group, [row], at);
  const learner = isGroupLearner(actor, group);
  let attempt = null;
  if (learner) {
    const [mine] = await tx
      .select()
      .from(examResults)
      .where(
        and(
          eq(examResults.companyId, actor.companyId),
          eq(examResults.examId, row.id),
          eq(examResults.studentId, actor.id),
        ),
      );
    if (mine?.startedAt) attempt = toAttempt(mine);
  }
  const { today } = await companyTime(tx, actor.companyId, at);
  return {
    exam: exam!,
    results: learner ? null : await resultsOf(tx, actor, group, row),
    attempt,
    policies: {
      manage: !learner,
      enter_results: !learner && row.kind === 'offline',
      start: learner && row.kind === 'online' && row.date === today && attempt === null,
    },
  };
}

/** PUT /group/{id}/exam/{exam_id}/result/{student_id}: an offline exam's ball (null takes it back). */
export async function setExamResult(
  tx: Tx,
  actor: Actor,
  params: { id: number; exam_id: number; student_id: number },
  input: ExamResultInput,
): Promise<ExamResult> {
  const group = await findVisibleGroup(tx, actor, params.id);
  assertRunsGroup(actor, group);
  const exam = await findGroupExam(tx, actor.companyId, group.id, params.exam_id);
  if (exam.kind !== 'offline') throw new AppError(422, 'exam_is_online');
  const members = (await membersOf(tx, actor.companyId, [group.id])).get(group.id) ?? new Set<number>();
  if (!members.has(params.student_id)) {
    throw invalidFields([{ field: 'student_id', rule: 'not_in_group', message: 'not a student of the group' }]);
  }
  const key = and(
    eq(examResults.companyId, actor.companyId),
    eq(examResults.examId, exam.id),
    eq(examResults.studentId, params.student_id),
  );
  if (input.ball === null) await tx.delete(examResults).where(key);
  else {
    const values = { ball: input.ball, gradedBy: actor.id, updatedAt: new Date() };
    await tx
      .insert(examResults)
      .values({ companyId: actor.companyId, examId: exam.id, studentId: params.student_id, ...values })
      .onConflictDoUpdate({ target: [examResults.companyId, examResults.examId, examResults.studentId], set: values });
  }
  const result = (await resultsOf(tx, actor, group, exam)).find((r) => r.student_id === params.student_id)!;
  await recordHistory(tx, actor, {
    event: 'examResultGiven',
    entity: 'group',
    entityId: group.id,
    branchId: group.branchId,
    data: {
      title: exam.title,
      exam_id: exam.id,
      student_id: params.student_id,
      student_name: result.student_name,
      group_title: groupTitle(group),
      ...(input.ball === null ? {} : { ball: input.ball }),
    },
  });
  return result;
}

/** GET /roadmap: a branch's exams of a period, with their states (spec §2 roadmap, admin set). */
export async function roadmap(tx: Tx, actor: Actor, at: Date, query: RoadmapQuery): Promise<Roadmap> {
  assertBranch(actor, query.branch_id);
  const rows = await tx
    .select({ exam: exams })
    .from(exams)
    .innerJoin(groups, and(eq(groups.companyId, exams.companyId), eq(groups.id, exams.groupId)))
    .where(
      and(
        eq(exams.companyId, actor.companyId),
        eq(groups.branchId, query.branch_id),
        between(exams.date, query.from, query.till),
      ),
    )
    .orderBy(asc(exams.date), asc(exams.id));
  const examRows = rows.map((row) => row.exam);
  await closeExpired(tx, actor.companyId, examRows, at);
  const { today } = await companyTime(tx, actor.companyId, at);
  const groupsById = await examGroups(tx, actor.companyId, [...new Set(examRows.map((e) => e.groupId))]);
  const all = await toExams(tx, actor.companyId, examRows, groupsById, today, null);
  const count = (state: Exam['state']) => all.filter((exam) => exam.state === state).length;
  return {
    data: query.state ? all.filter((exam) => exam.state === query.state) : all,
    totals: { due: count('due'), done: count('done'), overdue: count('overdue') },
  };
}

/**
 * GET /user/{id}/exam-results: his balls in the groups the caller sees (a teacher his groups', staff their
 * branches'), newest first. Exam balls are results of their own (decision 0034), shown beside the grades.
 */
export async function studentExamResults(tx: Tx, actor: Actor, studentId: number) {
  await assertStudentReader(tx, actor, studentId);
  const rows = await tx
    .select({ exam: exams, ball: examResults.ball, groupName: groups.name, groupCode: groups.code })
    .from(examResults)
    .innerJoin(exams, and(eq(exams.companyId, examResults.companyId), eq(exams.id, examResults.examId)))
    .innerJoin(groups, and(eq(groups.companyId, exams.companyId), eq(groups.id, exams.groupId)))
    .where(and(...groupScope(actor), eq(examResults.studentId, studentId), isNotNull(examResults.ball)))
    .orderBy(desc(exams.date), desc(exams.id));
  return {
    data: rows.map(({ exam, ball, groupName, groupCode }) => ({
      exam_id: exam.id,
      group_id: exam.groupId,
      group_title: groupTitle({ name: groupName, code: groupCode }),
      title: exam.title,
      kind: exam.kind as Exam['kind'],
      date: exam.date,
      module: exam.module,
      ball: ball!,
    })),
  };
}
