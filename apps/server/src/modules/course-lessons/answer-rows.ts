import { type HomeworkAnswer, type HomeworkAnswerRow, StudentStatus } from '@crm/contracts';
import { aliasedTable, and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groupStudents, homeworkAnswers, users } from '../../db/schema/index.js';
import type { LessonReading } from './lesson-rows.js';

/** Homework answers as the screens show them, with the student's and the reviewer's names. */

const reviewers = aliasedTable(users, 'reviewer');

const answerColumns = {
  studentId: homeworkAnswers.studentId,
  studentName: users.name,
  text: homeworkAnswers.text,
  fileKey: homeworkAnswers.fileKey,
  fileName: homeworkAnswers.fileName,
  fileMime: homeworkAnswers.fileMime,
  fileSize: homeworkAnswers.fileSize,
  submittedAt: homeworkAnswers.submittedAt,
  late: homeworkAnswers.late,
  score: homeworkAnswers.score,
  scale: homeworkAnswers.scale,
  comment: homeworkAnswers.comment,
  reviewedAt: homeworkAnswers.reviewedAt,
  reviewerName: reviewers.name,
};
interface AnswerRow {
  studentId: number;
  studentName: string;
  text: string;
  fileKey: string | null;
  fileName: string | null;
  fileMime: string | null;
  fileSize: number | null;
  submittedAt: Date;
  late: boolean;
  score: number | null;
  scale: number | null;
  comment: string | null;
  reviewedAt: Date | null;
  reviewerName: string | null;
}

export interface AnswerKey {
  companyId: number;
  groupId: number;
  lessonId: number;
}

function answersQuery(tx: Tx, key: AnswerKey, studentId?: number): Promise<AnswerRow[]> {
  return tx
    .select(answerColumns)
    .from(homeworkAnswers)
    .innerJoin(users, and(eq(users.companyId, homeworkAnswers.companyId), eq(users.id, homeworkAnswers.studentId)))
    .leftJoin(
      reviewers,
      and(eq(reviewers.companyId, homeworkAnswers.companyId), eq(reviewers.id, homeworkAnswers.reviewedBy)),
    )
    .where(
      and(
        eq(homeworkAnswers.companyId, key.companyId),
        eq(homeworkAnswers.groupId, key.groupId),
        eq(homeworkAnswers.lessonId, key.lessonId),
        studentId === undefined ? undefined : eq(homeworkAnswers.studentId, studentId),
      ),
    );
}

/**
 * The answer as shown: its file through a signed link, and its score only when given on the company's
 * current scale (a max-score change voids old scores, spec §5).
 */
async function toAnswer(row: AnswerRow, reading: LessonReading, maxScore: number): Promise<HomeworkAnswer> {
  const file =
    row.fileKey && row.fileName && row.fileMime
      ? {
          name: row.fileName,
          mime_type: row.fileMime,
          size: row.fileSize ?? 0,
          url: await reading.media.pathOf(
            { companyId: reading.companyId, key: row.fileKey, name: row.fileName, mimeType: row.fileMime },
            reading.now,
          ),
        }
      : null;
  return {
    student_id: row.studentId,
    student_name: row.studentName,
    text: row.text,
    file,
    submitted_at: row.submittedAt.toISOString(),
    late: row.late,
    score: row.scale === maxScore ? row.score : null,
    comment: row.comment,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewer_name: row.reviewerName,
  };
}

/** One student's answer, or null. */
export async function answerOf(
  tx: Tx,
  key: AnswerKey,
  studentId: number,
  reading: LessonReading,
  maxScore: number,
): Promise<HomeworkAnswer | null> {
  const [row] = await answersQuery(tx, key, studentId);
  return row ? toAnswer(row, reading, maxScore) : null;
}

/**
 * The teacher's list: every student now in the group (not archived), and anyone who answered and has left
 * since, each with his answer or none, by name.
 */
export async function answerRowsOf(
  tx: Tx,
  key: AnswerKey,
  reading: LessonReading,
  maxScore: number,
): Promise<HomeworkAnswerRow[]> {
  const answers = await answersQuery(tx, key);
  const byStudent = new Map(answers.map((row) => [row.studentId, row]));
  const members = await tx
    .select({ id: users.id, name: users.name })
    .from(groupStudents)
    .innerJoin(users, and(eq(users.companyId, groupStudents.companyId), eq(users.id, groupStudents.studentId)))
    .where(
      and(
        eq(groupStudents.companyId, key.companyId),
        eq(groupStudents.groupId, key.groupId),
        ne(groupStudents.status, StudentStatus.archived),
      ),
    )
    .orderBy(asc(users.name));
  const rows: HomeworkAnswerRow[] = [];
  const listed = new Set<number>();
  for (const member of [...members, ...answers.map((a) => ({ id: a.studentId, name: a.studentName }))]) {
    if (listed.has(member.id)) continue;
    listed.add(member.id);
    const answer = byStudent.get(member.id);
    rows.push({
      student_id: member.id,
      student_name: member.name,
      answer: answer ? await toAnswer(answer, reading, maxScore) : null,
    });
  }
  return rows;
}
