import type { Grade } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { grades, users } from '../../db/schema/index.js';

/** The columns of a grade as the answers show it, with its author's name (users joined as `gradeAuthorJoin`). */
export const gradeColumns = {
  studentId: grades.studentId,
  date: grades.lessonDate,
  score: grades.score,
  authorId: users.id,
  authorName: users.name,
  updatedAt: grades.updatedAt,
};

export const gradeAuthorJoin = and(eq(users.companyId, grades.companyId), eq(users.id, grades.authorId));

export const toGrade = (row: {
  studentId: number;
  date: string;
  score: number;
  authorId: number | null;
  authorName: string | null;
  updatedAt: Date;
}): Grade => ({
  student_id: row.studentId,
  date: row.date,
  score: row.score,
  author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
  updated_at: row.updatedAt.toISOString(),
});
